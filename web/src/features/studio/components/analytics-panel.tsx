import type { Analytics, AnalyticsRange } from '@contract';
import { RefreshCw, SearchX } from 'lucide-react';
import { EmptyState } from '../../../components/ui/empty-state';
import { Spinner } from '../../../components/ui/spinner';
import { isNotFound } from '../../../lib/api-client';
import { formatCount } from '../../../lib/format';
import { useAnalytics } from '../api/get-analytics';
import { sumDays } from '../utils/analytics-params';
import { formatSigned, formatWatchTime, watchTimeUnit } from '../utils/watch-time';
import { MetricChart } from './metric-chart';
import { RetryButton } from '../../../components/ui/retry-button';

function trimNumber(value: number): string {
  return String(Math.round(value * 100) / 100);
}

function Charts({ analytics }: { analytics: Analytics }) {
  const { days } = analytics;
  const dates = days.map((day) => day.date);
  const totals = sumDays(days);
  const channelWide = analytics.videoId === null;
  const unit = watchTimeUnit(Math.max(0, ...days.map((day) => day.watchTimeSeconds)));
  const range = `${days.length} days`;

  return (
    <div className="flex flex-col gap-4">
      <dl aria-label="Totals" className="grid gap-3 sm:grid-cols-3">
        <div className="rounded-xl border border-line bg-raised p-4">
          <dt className="text-sm text-ink">Views</dt>
          <dd className="mt-1 text-2xl font-semibold text-ink-strong">
            {totals.views.toLocaleString('en-US')}
          </dd>
        </div>
        <div className="rounded-xl border border-line bg-raised p-4">
          <dt className="text-sm text-ink">Watch time</dt>
          <dd className="mt-1 text-2xl font-semibold text-ink-strong">
            {formatWatchTime(totals.watchTimeSeconds)}
          </dd>
        </div>
        {channelWide ? (
          <div className="rounded-xl border border-line bg-raised p-4">
            <dt className="text-sm text-ink">Net subscribers</dt>
            <dd className="mt-1 text-2xl font-semibold text-ink-strong">
              {formatSigned(totals.netSubscribers)}
            </dd>
          </div>
        ) : null}
      </dl>
      <MetricChart
        title="Views per day"
        days={dates}
        values={days.map((day) => day.views)}
        describe={(index) => formatCount(days[index]?.views ?? 0, 'view')}
        formatAxis={trimNumber}
        integer
        summary={`${formatCount(totals.views, 'view')} in the last ${range}`}
      />
      <MetricChart
        title="Watch time per day"
        days={dates}
        values={days.map((day) => day.watchTimeSeconds / unit.divisor)}
        describe={(index) => formatWatchTime(days[index]?.watchTimeSeconds ?? 0)}
        formatAxis={(value) => `${trimNumber(value)} ${unit.suffix}`}
        summary={`${formatWatchTime(totals.watchTimeSeconds)} in the last ${range}`}
      />
      {channelWide ? (
        <MetricChart
          title="Net subscribers per day"
          days={dates}
          values={days.map((day) => day.netSubscribers ?? 0)}
          describe={(index) => formatSigned(days[index]?.netSubscribers ?? 0)}
          formatAxis={trimNumber}
          integer
          summary={`${formatSigned(totals.netSubscribers)} in the last ${range}`}
        />
      ) : null}
    </div>
  );
}

/** The figures and charts for the channel (no videoId) or one of the caller's videos. */
export function AnalyticsPanel({
  range,
  videoId,
}: {
  range: AnalyticsRange;
  videoId: string | null;
}) {
  const query = useAnalytics(range, videoId);

  if (query.isPending) return <Spinner className="w-full py-16" label="Loading analytics" />;
  if (query.isLoadingError) {
    if (isNotFound(query.error)) {
      return (
        <EmptyState icon={SearchX} title="Video not found">
          Only your own videos have analytics here.
        </EmptyState>
      );
    }
    return (
      <EmptyState icon={RefreshCw} title="Analytics could not be loaded">
        <RetryButton onRetry={() => void query.refetch()} />
      </EmptyState>
    );
  }
  return (
    <div aria-busy={query.isFetching} className={query.isPlaceholderData ? 'opacity-60' : ''}>
      <p className="mb-3 text-sm text-ink-muted">
        {query.data.from} to {query.data.to} (UTC)
      </p>
      <Charts analytics={query.data} />
    </div>
  );
}
