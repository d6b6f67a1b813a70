/**
 * A playlist's order is a sort key per video with gaps between neighbours: appending adds a
 * step after the last key, and a move takes a key between its new neighbours', so a move writes
 * one row. Twenty moves into the same gap use it up; the list is then renumbered a step apart.
 */

/** Gap between neighbouring sort keys after a renumbering. */
export const POSITION_STEP = 1_048_576;

/**
 * A sort key strictly between two neighbours' (either may be absent: the start or the end of
 * the list), or undefined when none fits and the list needs renumbering first.
 */
export function keyBetween(
  before: number | undefined,
  after: number | undefined,
): number | undefined {
  if (before === undefined && after === undefined) return POSITION_STEP;
  if (before === undefined) return after! - POSITION_STEP;
  if (after === undefined) return before + POSITION_STEP;
  if (after - before < 2) return undefined;
  return before + Math.floor((after - before) / 2);
}
