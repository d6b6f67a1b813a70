import { displayedSeconds } from '../../../lib/format';

/**
 * A player clock: m:ss, or h:mm:ss once the video (or the position) reaches an hour, so the
 * position and the length line up ("0:05 / 1:02:03" reads "0:00:05 / 1:02:03").
 */
export function formatClock(seconds: number, duration: number = seconds): string {
  const whole = Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds)) : 0;
  const longest = Number.isFinite(duration) ? Math.max(whole, Math.floor(duration)) : whole;
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  const ss = String(s).padStart(2, '0');
  if (longest >= 3600) return `${h}:${String(m).padStart(2, '0')}:${ss}`;
  return `${m}:${ss}`;
}

/**
 * The player's "position / length". The length is the video's stated duration (the number its
 * card shows) when known, else the element's, under the one rounding rule (`displayedSeconds`),
 * so the player and the card agree even when the stream runs a few hundredths longer; the
 * position never reads past it.
 */
export function playerTime(
  currentTime: number,
  elementDuration: number,
  statedDuration?: number,
): { position: string; length: string } {
  const length =
    statedDuration !== undefined && statedDuration > 0 ? statedDuration : elementDuration;
  const shown = displayedSeconds(length);
  const at = Number.isFinite(currentTime) ? Math.max(0, Math.floor(currentTime)) : 0;
  const position = shown > 0 ? Math.min(at, shown) : at;
  return { position: formatClock(position, shown), length: formatClock(shown, shown) };
}

/** The same clock spoken: "1 minute 5 seconds", for the seek slider's aria-valuetext. */
export function spokenClock(seconds: number): string {
  const whole = Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds)) : 0;
  const parts: string[] = [];
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  const unit = (n: number, name: string) => `${n} ${name}${n === 1 ? '' : 's'}`;
  if (h) parts.push(unit(h, 'hour'));
  if (m) parts.push(unit(m, 'minute'));
  if (s || parts.length === 0) parts.push(unit(s, 'second'));
  return parts.join(' ');
}
