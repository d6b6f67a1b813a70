/**
 * When the supervisor starts a process again after one ended. A process that keeps ending
 * right after it starts (a crash at start, a resource that is gone) is started again later
 * each time, up to a ceiling, with jitter so that several processes ending together do not
 * come back in step; one that ran a while before it ended starts again at once.
 */
export const RESTART_BACKOFF = {
  /** The delay after the first of a run of quick endings. */
  firstMs: 250,
  /** The delay never grows past this: a process that started once is never given up on. */
  maxMs: 15_000,
  /** A process that ran this long before ending was healthy: its run of endings starts over. */
  stableAfterMs: 30_000,
} as const;

/**
 * How many quick endings in a row the role has had, this one included: a process that lived
 * past `stableAfterMs` starts a new run.
 */
export function nextEndingsInARow(previous: number, livedMs: number): number {
  return livedMs >= RESTART_BACKOFF.stableAfterMs ? 1 : previous + 1;
}

/**
 * Milliseconds to wait before the next start: doubling from `firstMs` with each quick ending
 * in a row, capped at `maxMs`, then a random half to whole of that (jitter).
 */
export function restartDelayMs(endingsInARow: number, random: () => number = Math.random): number {
  const exponent = Math.max(0, endingsInARow - 1);
  const ceiling = Math.min(RESTART_BACKOFF.maxMs, RESTART_BACKOFF.firstMs * 2 ** exponent);
  return Math.round(ceiling * (0.5 + 0.5 * random()));
}
