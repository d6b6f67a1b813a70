/** Plot area of a chart in SVG user units; the axis labels live in the padding around it. */
export type ChartFrame = { width: number; height: number; left: number; top: number };

/**
 * A "nice" upper bound for the y axis (1, 2 or 5 times a power of ten, at least the maximum),
 * so the gridline labels are round numbers. An all-zero series still gets a visible axis of 1.
 */
export function niceMax(max: number): number {
  if (!Number.isFinite(max) || max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) {
    if (step * power >= max) return step * power;
  }
  return 10 * power;
}

/**
 * How many gridline intervals to draw up to `top`. Counts (views, subscribers) must land on
 * whole numbers, so the first of the preferred counts that divides the top evenly wins.
 */
export function tickCount(
  top: number,
  integer: boolean,
  preferred: readonly number[] = [4, 5, 2],
): number {
  if (!integer) return preferred[0] ?? 4;
  return [...preferred, 1].find((count) => Number.isInteger(top / count)) ?? 1;
}

/** Evenly spaced gridline values from 0 to the nice maximum. */
export function axisTicks(max: number, integer = false, preferred?: readonly number[]): number[] {
  const top = niceMax(max);
  const count = tickCount(top, integer, preferred);
  return Array.from({ length: count + 1 }, (_, index) => (top * index) / count);
}

/** x of the centre of bar `index` among `total` equal slots across the plot. */
export function slotCenter(index: number, total: number, frame: ChartFrame): number {
  if (total <= 0) return frame.left;
  const slot = frame.width / total;
  return frame.left + slot * index + slot / 2;
}

/** y of a value on the plot: 0 sits on the baseline, the nice maximum on the top edge. */
export function valueToY(value: number, max: number, frame: ChartFrame): number {
  const top = niceMax(max);
  const clamped = Math.min(Math.max(value, 0), top);
  return frame.top + frame.height - (clamped / top) * frame.height;
}

/**
 * A bar for a value that may be negative (net subscribers): it grows up or down from zero.
 * The domain spans from the lowest value (or 0) to the highest (or 0).
 */
export function signedDomain(values: readonly number[]): { min: number; max: number } {
  const highest = Math.max(0, ...values);
  const lowest = Math.min(0, ...values);
  const span = niceMax(Math.max(highest, -lowest));
  return { min: lowest < 0 ? -span : 0, max: highest > 0 || lowest >= 0 ? span : 0 };
}

/** y of a value inside a domain that may include negatives. */
export function domainToY(
  value: number,
  domain: { min: number; max: number },
  frame: ChartFrame,
): number {
  const range = domain.max - domain.min || 1;
  const clamped = Math.min(Math.max(value, domain.min), domain.max);
  return frame.top + ((domain.max - clamped) / range) * frame.height;
}

/** Which day labels to print under the axis so they never crowd: about six, always the last. */
export function labelIndexes(total: number, wanted = 6): number[] {
  if (total <= 0) return [];
  const step = Math.max(1, Math.ceil(total / wanted));
  const indexes: number[] = [];
  for (let index = total - 1; index >= 0; index -= step) indexes.unshift(index);
  return indexes;
}

/**
 * The font size, in viewBox units, of a chart's axis labels. The SVG scales with its card, so a
 * fixed size would grow past the card's heading on a wide screen: labels keep the design size
 * while the chart is drawn at or below its viewBox width and never render above `maxPx`.
 */
export function axisFontSize(
  renderedWidth: number,
  viewBoxWidth: number,
  designSize = 11,
  maxPx = 12,
): number {
  if (!(renderedWidth > 0) || !(viewBoxWidth > 0)) return designSize;
  const scale = renderedWidth / viewBoxWidth;
  return Math.min(designSize, maxPx / scale);
}
