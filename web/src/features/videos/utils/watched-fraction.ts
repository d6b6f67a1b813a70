/**
 * How much of a video the red bar under its thumbnail covers: the share up to where the viewer
 * stopped, or nothing when they never started it (or its length is unknown).
 */
export function watchedFraction(position: number, duration: number): number {
  if (!(position > 0) || !(duration > 0)) return 0;
  return Math.min(1, position / duration);
}
