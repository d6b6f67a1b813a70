export type Insertion = { text: string; caret: number };

/**
 * Puts `insert` in place of the selection [start, end) and returns the caret just after it.
 * Out-of-range positions are clamped. Returns null when the result would pass `maxLength`,
 * so a full box is left as it is rather than cut mid-emoji.
 */
export function insertAtCaret(
  text: string,
  start: number,
  end: number,
  insert: string,
  maxLength: number = Number.POSITIVE_INFINITY,
): Insertion | null {
  const from = Math.min(Math.max(0, Math.min(start, end)), text.length);
  const to = Math.min(Math.max(from, Math.max(start, end)), text.length);
  const next = text.slice(0, from) + insert + text.slice(to);
  if (next.length > maxLength) return null;
  return { text: next, caret: from + insert.length };
}
