/**
 * The one rounding rule for a video's length, wherever it is shown (cards, the studio, the
 * player): YouTube's, whole seconds rounded down, except that a video with any content is never
 * 0:00, so a 0.4 s clip reads 0:01 and a 29.98 s one 0:29 on its card and in the player alike.
 */
export function displayedSeconds(totalSeconds: number): number {
  if (!Number.isFinite(totalSeconds) || totalSeconds <= 0) return 0;
  return Math.max(1, Math.floor(totalSeconds));
}

/** Video length as m:ss; minutes are not folded into hours, so an hour reads 60:00. */
export function formatDuration(totalSeconds: number): string {
  const seconds = displayedSeconds(totalSeconds);
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return `${minutes}:${String(rest).padStart(2, '0')}`;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

const UNITS: ReadonlyArray<readonly [name: string, seconds: number]> = [
  ['year', YEAR],
  ['month', MONTH],
  ['week', WEEK],
  ['day', DAY],
  ['hour', HOUR],
  ['minute', MINUTE],
];

/**
 * "3 days ago" style age of a timestamp. Anything under a minute, and any clock skew that
 * puts the timestamp in the future, reads "Just now".
 */
export function formatRelativeTime(date: Date | string | number, now: number = Date.now()): string {
  const time = new Date(date).getTime();
  if (Number.isNaN(time)) return '';
  const elapsed = Math.floor((now - time) / 1000);
  for (const [name, size] of UNITS) {
    const count = Math.floor(elapsed / size);
    if (count >= 1) return `${count} ${name}${count === 1 ? '' : 's'} ago`;
  }
  return 'Just now';
}

/** Counts such as "1 view" / "1,204 views", pluralised in English. */
export function formatCount(count: number, singular: string, plural = `${singular}s`): string {
  const safe = Number.isFinite(count) ? Math.max(0, Math.trunc(count)) : 0;
  return `${safe.toLocaleString('en-US')} ${safe === 1 ? singular : plural}`;
}

/** A search total: "1,000+ videos" when the server stopped counting at its cap. */
export function formatResultCount(total: number, capped: boolean): string {
  if (!capped) return formatCount(total, 'video');
  return `${Math.max(0, Math.trunc(total)).toLocaleString('en-US')}+ videos`;
}
