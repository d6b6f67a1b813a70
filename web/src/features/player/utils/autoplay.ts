/** The part of a media element that starting playback needs. */
export type Playable = { muted: boolean; play(): Promise<void> };

/**
 * How autoplay went: with sound; muted, because the browser refused sound without a gesture
 * (the player then offers Unmute); blocked altogether (the player asks for a click); or
 * aborted, because the source changed or playback was paused before it began.
 */
export type AutoplayOutcome = 'sound' | 'muted' | 'blocked' | 'aborted';

function errorName(error: unknown): string {
  return error instanceof Error || (typeof error === 'object' && error && 'name' in error)
    ? String((error as { name: unknown }).name)
    : '';
}

/** Tries to play with sound, then muted, as YouTube does when opened from a link. */
export async function startPlayback(media: Playable): Promise<AutoplayOutcome> {
  try {
    await media.play();
    return media.muted ? 'muted' : 'sound';
  } catch (error) {
    if (errorName(error) !== 'NotAllowedError') return 'aborted';
  }
  if (media.muted) return 'blocked';
  media.muted = true;
  try {
    await media.play();
    return 'muted';
  } catch (error) {
    media.muted = false;
    return errorName(error) === 'NotAllowedError' ? 'blocked' : 'aborted';
  }
}
