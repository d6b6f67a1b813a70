/** Entries of one local day, under the heading the history shows for it. */
export interface DayGroup<T> {
  key: string;
  label: string;
  entries: T[];
}

const DAY_MS = 86_400_000;

function localDayKey(date: Date): string {
  return `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
}

/** Midnight starting the local day of `time`. */
function startOfDay(time: number): number {
  const d = new Date(time);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}

/**
 * "Today", "Yesterday", a weekday within the last week, else the date (with the year when it
 * is not this year's), as YouTube heads its history.
 */
export function dayLabel(time: number, now: number, locale?: string): string {
  const days = Math.round((startOfDay(now) - startOfDay(time)) / DAY_MS);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  const date = new Date(time);
  if (days < 7) return date.toLocaleDateString(locale, { weekday: 'long' });
  const sameYear = date.getFullYear() === new Date(now).getFullYear();
  return date.toLocaleDateString(locale, {
    month: 'short',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
  });
}

/** Entries (newest first) in runs of the same local day, in the order they came. */
export function groupByDay<T>(
  entries: readonly T[],
  timeOf: (entry: T) => number,
  now: number = Date.now(),
  locale?: string,
): DayGroup<T>[] {
  const groups: DayGroup<T>[] = [];
  for (const entry of entries) {
    const time = timeOf(entry);
    const key = localDayKey(new Date(time));
    const last = groups[groups.length - 1];
    if (last && last.key === key) last.entries.push(entry);
    else groups.push({ key, label: dayLabel(time, now, locale), entries: [entry] });
  }
  return groups;
}
