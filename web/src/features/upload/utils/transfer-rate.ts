/**
 * Speed and time left of a transfer, from (time, bytes) samples: the average over the last few
 * seconds, so a pause or one slow chunk moves the figures without making them jump about.
 */
export const RATE_WINDOW_MS = 5000;

export type Sample = { at: number; bytes: number };

/** Samples within the window before the newest (at least two kept). */
export function keepRecent(samples: readonly Sample[], windowMs = RATE_WINDOW_MS): Sample[] {
  const newest = samples[samples.length - 1];
  if (!newest) return [];
  const kept = samples.filter((s) => newest.at - s.at <= windowMs);
  return kept.length >= 2 ? kept : samples.slice(-2);
}

/** Bytes per second over the samples, or null before there is anything to measure. */
export function bytesPerSecond(samples: readonly Sample[]): number | null {
  const first = samples[0];
  const last = samples[samples.length - 1];
  if (!first || !last || last.at <= first.at) return null;
  return Math.max(0, ((last.bytes - first.bytes) * 1000) / (last.at - first.at));
}

/** Whole seconds left at `rate`, or null when it cannot be told. */
export function secondsLeft(remaining: number, rate: number | null): number | null {
  if (remaining <= 0) return 0;
  if (!rate || rate <= 0) return null;
  return Math.ceil(remaining / rate);
}

/** `850 KB/s`, `2.4 MB/s` (1 MB = 1048576 bytes, as the product writes sizes). */
export function formatRate(rate: number | null): string {
  if (rate === null) return '—';
  if (rate < 1024 * 1024) return `${Math.max(0, Math.round(rate / 1024))} KB/s`;
  return `${(rate / (1024 * 1024)).toFixed(1)} MB/s`;
}

/** `45 s left`, `3 min 20 s left`, `1 h 5 min left`. */
export function formatTimeLeft(seconds: number | null): string {
  if (seconds === null) return 'Estimating time left…';
  if (seconds < 60) return `${seconds} s left`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ${seconds % 60} s left`;
  return `${Math.floor(seconds / 3600)} h ${Math.floor((seconds % 3600) / 60)} min left`;
}
