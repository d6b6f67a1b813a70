/**
 * Watch time from position heartbeats. The player reports where it is every few seconds; what
 * counts is how far it moved forward, never more than the time that really passed between two
 * heartbeats, so a client cannot inflate watch time by reporting big jumps or reporting fast.
 */

/** One heartbeat never counts more than this, however long ago the previous one was. */
export const MAX_SECONDS_PER_HEARTBEAT = 30;
/** Tolerance for network jitter between heartbeats, at most this many seconds… */
export const HEARTBEAT_SLACK_SECONDS = 1;
/** …and at most this share of the elapsed time, so rapid heartbeats cannot farm the slack. */
export const HEARTBEAT_SLACK_RATIO = 0.25;

export interface Heartbeat {
  position: number;
  /** Epoch ms when it arrived. */
  at: number;
}

/**
 * Seconds to credit for `next` after `previous`. The first heartbeat only sets the baseline
 * (the player sends one when playback starts); going backwards (seeking, replaying) counts 0.
 */
export function creditedSeconds(previous: Heartbeat | undefined, next: Heartbeat): number {
  if (!previous) return 0;
  const advanced = next.position - previous.position;
  const elapsed = (next.at - previous.at) / 1000;
  if (advanced <= 0 || elapsed <= 0) return 0;
  const slack = Math.min(HEARTBEAT_SLACK_SECONDS, elapsed * HEARTBEAT_SLACK_RATIO);
  return Math.min(advanced, elapsed + slack, MAX_SECONDS_PER_HEARTBEAT);
}

/** The last 5 % of a video, at least 1 s and at most 10 s, counts as having finished it. */
export function finishedWithin(duration: number): number {
  return Math.min(10, Math.max(1, duration * 0.05));
}

/** Where to resume: the stored position, or 0 when none or the video was (nearly) finished. */
export function resumePosition(position: number | undefined, duration: number): number {
  if (position === undefined || position <= 0) return 0;
  if (position >= duration - finishedWithin(duration)) return 0;
  return position;
}
