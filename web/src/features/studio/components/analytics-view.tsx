import { ROUTES } from '@contract';
import type { AnalyticsRange } from '@contract';
import { ArrowLeft } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { PageHeading } from '../../../components/ui/page-heading';
import { useVideo } from '../../videos';
import { rangeFromSearch, tabFromSearch, type AnalyticsTab } from '../utils/analytics-params';
import { AnalyticsPanel } from './analytics-panel';
import { AnalyticsVideoPicker } from './analytics-video-picker';
import { RangePicker } from './range-picker';
import { StudioTabs } from './studio-tabs';

const TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'content', label: 'Content' },
] as const;

function VideoHeading({ videoId, range }: { videoId: string; range: AnalyticsRange }) {
  const video = useVideo(videoId);
  return (
    <div className="mb-4 flex flex-wrap items-center gap-3">
      <Link
        to={`${ROUTES.studioAnalytics}?tab=content&range=${range}`}
        className="inline-flex items-center gap-2 text-sm font-medium text-ink hover:text-ink-strong"
      >
        <ArrowLeft className="size-4" aria-hidden />
        All videos
      </Link>
      {video.data ? (
        <h2 className="min-w-0 truncate text-lg font-semibold text-ink-strong">
          {video.data.title}
        </h2>
      ) : null}
    </div>
  );
}

/** Channel analytics: Overview for the whole channel, Content per video (?videoId=). */
export function AnalyticsView() {
  const [params, setParams] = useSearchParams();
  const range = rangeFromSearch(params);
  const tab = tabFromSearch(params);
  const videoId = params.get('videoId');

  const setTab = (next: AnalyticsTab) => {
    setParams(
      next === 'content' ? { tab: 'content', range: String(range) } : { range: String(range) },
    );
  };
  const setRange = (next: AnalyticsRange) => {
    const copy = new URLSearchParams(params);
    copy.set('range', String(next));
    setParams(copy, { replace: true });
  };

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <PageHeading>Channel analytics</PageHeading>
        <RangePicker value={range} onChange={setRange} />
      </div>
      <div className="mt-4">
        <StudioTabs label="Analytics views" tabs={TABS} value={tab} onChange={setTab} />
      </div>
      <div
        role="tabpanel"
        aria-label={tab === 'overview' ? 'Overview' : 'Content'}
        className="mt-6"
      >
        {tab === 'overview' ? <AnalyticsPanel range={range} videoId={null} /> : null}
        {tab === 'content' && videoId ? (
          <>
            <VideoHeading videoId={videoId} range={range} />
            <AnalyticsPanel range={range} videoId={videoId} />
          </>
        ) : null}
        {tab === 'content' && !videoId ? <AnalyticsVideoPicker range={range} /> : null}
      </div>
    </>
  );
}
