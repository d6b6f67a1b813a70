import { EMOJIS_PER_ROW } from './frequent';

export const ROW_BATCH = 10;

/** Splits items into rows of `size`; the last row may be shorter. */
export function chunkRows<T>(items: readonly T[], size: number = EMOJIS_PER_ROW): T[][] {
  if (size < 1) throw new RangeError('A row holds at least one item.');
  const rows: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    rows.push(items.slice(start, start + size));
  }
  return rows;
}

export type PickerSection<T> = { id: string; label: string; items: readonly T[] };
export type PickerLine<T> =
  { kind: 'heading'; key: string; label: string } | { kind: 'row'; key: string; items: T[] };

/** Sections as one list of headings and rows, the unit the picker renders in batches. */
export function toPickerLines<T>(
  sections: readonly PickerSection<T>[],
  size: number = EMOJIS_PER_ROW,
): PickerLine<T>[] {
  const lines: PickerLine<T>[] = [];
  for (const section of sections) {
    if (section.items.length === 0) continue;
    lines.push({ kind: 'heading', key: `${section.id}:heading`, label: section.label });
    chunkRows(section.items, size).forEach((items, index) => {
      lines.push({ kind: 'row', key: `${section.id}:${index}`, items });
    });
  }
  return lines;
}

export function countRows<T>(lines: readonly PickerLine<T>[]): number {
  return lines.filter((line) => line.kind === 'row').length;
}

/**
 * The lines to render while `rowLimit` rows are allowed. A heading is kept only when at least
 * one of its rows fits, so the list never ends on a bare heading.
 */
export function takeRows<T>(lines: readonly PickerLine<T>[], rowLimit: number): PickerLine<T>[] {
  const shown: PickerLine<T>[] = [];
  let rows = 0;
  let heading: PickerLine<T> | null = null;
  for (const line of lines) {
    if (line.kind === 'heading') {
      heading = line;
      continue;
    }
    if (rows >= rowLimit) break;
    if (heading) {
      shown.push(heading);
      heading = null;
    }
    shown.push(line);
    rows += 1;
  }
  return shown;
}

/** The next batch: `batch` more rows, never more than there are. */
export function nextRowLimit(current: number, total: number, batch: number = ROW_BATCH): number {
  return Math.min(Math.max(total, 0), current + batch);
}
