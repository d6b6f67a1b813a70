import { ANALYTICS_RANGES, DEFAULT_ANALYTICS_RANGE } from '@contract';
import type { AnalyticsDay, AnalyticsRange } from '@contract';

export type AnalyticsTab = 'overview' | 'content';

/** The range from the address (?range=7|28|90), else the default 28 days. */
export function rangeFromSearch(params: URLSearchParams): AnalyticsRange {
  const value = Number(params.get('range'));
  return (ANALYTICS_RANGES as readonly number[]).includes(value)
    ? (value as AnalyticsRange)
    : DEFAULT_ANALYTICS_RANGE;
}

/** ?videoId= opens one video on the Content tab; ?tab=content without it lists the videos. */
export function tabFromSearch(params: URLSearchParams): AnalyticsTab {
  return params.get('videoId') || params.get('tab') === 'content' ? 'content' : 'overview';
}

export type DayTotals = { views: number; watchTimeSeconds: number; netSubscribers: number };

/** Totals are summed from the plotted days, so the figures and the bars always agree. */
export function sumDays(days: readonly AnalyticsDay[]): DayTotals {
  return days.reduce<DayTotals>(
    (sum, day) => ({
      views: sum.views + day.views,
      watchTimeSeconds: sum.watchTimeSeconds + day.watchTimeSeconds,
      netSubscribers: sum.netSubscribers + (day.netSubscribers ?? 0),
    }),
    { views: 0, watchTimeSeconds: 0, netSubscribers: 0 },
  );
}
