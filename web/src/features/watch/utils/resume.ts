/** Stored positions at or below this are not worth a jump; the video simply starts over. */
export const RESUME_MIN_SECONDS = 5;
/** How often a playing video reports its position. */
export const HEARTBEAT_MS = 5000;

/** Where to seek on load: the stored position when it is past the first few seconds. */
export function resumeTarget(stored: number, duration: number): number | null {
  if (!Number.isFinite(stored) || stored <= RESUME_MIN_SECONDS) return null;
  if (Number.isFinite(duration) && duration > 0 && stored >= duration) return null;
  return stored;
}

/**
 * The position to report: never negative and never past the end the player knows, since the
 * server refuses positions beyond the video's length.
 */
export function reportablePosition(currentTime: number, duration: number): number {
  const time = Number.isFinite(currentTime) ? Math.max(0, currentTime) : 0;
  const capped = Number.isFinite(duration) && duration > 0 ? Math.min(time, duration) : time;
  return Math.round(capped * 1000) / 1000;
}
