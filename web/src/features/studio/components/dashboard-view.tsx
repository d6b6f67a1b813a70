import { ROUTES } from '@contract';
import { RefreshCw, Upload } from 'lucide-react';
import { Link } from 'react-router';
import { buttonStyles } from '../../../components/ui/button-styles';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeading } from '../../../components/ui/page-heading';
import { PageSpinner } from '../../../components/ui/spinner';
import { useDashboard } from '../api/get-dashboard';
import { formatSigned } from '../utils/watch-time';
import { LatestCommentsCard } from './latest-comments-card';
import { FigureList, StudioCard } from './studio-card';
import { UploadCta } from './upload-cta';
import { StorageBar } from '../../upload';
import { VideoStatsCard } from './video-stats-card';
import { RetryButton } from '../../../components/ui/retry-button';

/** The channel at a glance; every figure is the server's, nothing is estimated here. */
export function DashboardView() {
  const query = useDashboard();

  if (query.isPending) return <PageSpinner />;
  if (query.isLoadingError) {
    return (
      <EmptyState icon={RefreshCw} title="The dashboard could not be loaded">
        <RetryButton onRetry={() => void query.refetch()} />
      </EmptyState>
    );
  }

  const { channel, latestVideo, topVideo, latestComments } = query.data;
  const count = (value: number) => value.toLocaleString('en-US');

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <PageHeading>Channel dashboard</PageHeading>
        {latestVideo ? <UploadCta label="Upload" /> : null}
      </div>
      <div className="mt-6 grid gap-6 md:grid-cols-2 xl:grid-cols-3">
        {latestVideo ? (
          <VideoStatsCard title="Latest video performance" stats={latestVideo} />
        ) : (
          <StudioCard title="Latest video performance">
            <div className="flex flex-1 flex-col items-center justify-center gap-4 py-6 text-center">
              <Upload className="size-12 text-ink-muted" aria-hidden />
              <p className="text-sm text-ink">
                Want to see figures for your recent video? Upload and publish one to get started.
              </p>
              <UploadCta />
            </div>
          </StudioCard>
        )}
        <StudioCard title="Channel analytics">
          <p className="text-sm text-ink">Current subscribers</p>
          <p
            className="text-3xl font-semibold text-ink-strong"
            aria-label={`Current subscribers: ${count(channel.subscribersCount)}`}
          >
            {count(channel.subscribersCount)}
          </p>
          <p className="mt-4 text-xs text-ink-muted">Summary · last 28 days</p>
          <FigureList
            items={[
              { label: 'Views', value: count(channel.views28d) },
              { label: 'New subscribers', value: formatSigned(channel.newSubscribers28d) },
              { label: 'All-time views', value: count(channel.totalViews) },
            ]}
          />
          <div className="mt-auto pt-4">
            <Link to={ROUTES.studioAnalytics} className={buttonStyles.outline + ' px-4'}>
              Go to channel analytics
            </Link>
          </div>
        </StudioCard>
        {topVideo ? <VideoStatsCard title="Top video" stats={topVideo} /> : null}
        <LatestCommentsCard comments={latestComments} />
        <StudioCard title="Storage">
          <StorageBar />
        </StudioCard>
      </div>
    </>
  );
}
