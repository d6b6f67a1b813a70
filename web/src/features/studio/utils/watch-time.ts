/**
 * Watch time as people read it: "0 min", "45 s", "45 min", "3 h 05 min". Under a minute it is
 * given in seconds so a little watching never reads as none; above, seconds are dropped.
 */
export function formatWatchTime(totalSeconds: number): string {
  const seconds = Number.isFinite(totalSeconds) ? Math.max(0, Math.floor(totalSeconds)) : 0;
  if (seconds > 0 && seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${minutes} min`;
  return `${hours.toLocaleString('en-US')} h ${String(rest).padStart(2, '0')} min`;
}

/** Watch time in hours with one decimal, for chart axes where "h" units stay comparable. */
export function toHours(totalSeconds: number): number {
  const seconds = Number.isFinite(totalSeconds) ? Math.max(0, totalSeconds) : 0;
  return Math.round((seconds / 3600) * 10) / 10;
}

/** A signed count, "+3" / "-2" / "0", for net subscribers. */
export function formatSigned(count: number): string {
  const safe = Number.isFinite(count) ? Math.trunc(count) : 0;
  const text = Math.abs(safe).toLocaleString('en-US');
  if (safe > 0) return `+${text}`;
  if (safe < 0) return `-${text}`;
  return '0';
}

/** "Nov 22" for a YYYY-MM-DD UTC day, read as UTC so no time zone shifts it a day. */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

export type WatchTimeUnit = { divisor: number; suffix: string };

/** Chart unit for watch time: seconds for tiny totals, minutes up to two hours, then hours. */
export function watchTimeUnit(maxSeconds: number): WatchTimeUnit {
  if (!Number.isFinite(maxSeconds) || maxSeconds < 120) return { divisor: 1, suffix: 's' };
  if (maxSeconds < 2 * 3600) return { divisor: 60, suffix: 'min' };
  return { divisor: 3600, suffix: 'h' };
}
