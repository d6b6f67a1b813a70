/** Milliseconds still to wait so an overlay that appeared at `startedAt` stays up `minMs`. */
export function remainingDelay(startedAt: number, now: number, minMs: number): number {
  return Math.max(0, minMs - Math.max(0, now - startedAt));
}
