import { ROUTES } from '@contract';
import type { AnalyticsRange } from '@contract';
import { Clapperboard } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { Spinner } from '../../../components/ui/spinner';
import { formatCount } from '../../../lib/format';
import { STUDIO_PAGE_SIZE, useStudioVideos } from '../api/get-studio-videos';
import { Pagination } from './pagination';

/** Content tab without a video: the caller's videos, most viewed first, each opening its charts. */
export function AnalyticsVideoPicker({ range }: { range: AnalyticsRange }) {
  const [page, setPage] = useState(1);
  const query = useStudioVideos({
    page,
    limit: STUDIO_PAGE_SIZE,
    sortBy: 'views',
    sortType: 'desc',
  });

  if (query.isPending) return <Spinner className="w-full py-16" label="Loading videos" />;
  if (query.isLoadingError) {
    return <EmptyState icon={Clapperboard} title="Your videos could not be loaded" />;
  }
  if (query.data.totalVideos === 0) {
    return (
      <EmptyState icon={Clapperboard} title="No videos yet">
        Upload a video to see how it performs.
      </EmptyState>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-ink">Choose a video to see its views and watch time.</p>
      <ul className="divide-y divide-line rounded-xl border border-line bg-raised">
        {query.data.data.map((video) => (
          <li key={video._id}>
            <Link
              to={`${ROUTES.studioAnalytics}?videoId=${encodeURIComponent(video._id)}&range=${range}`}
              className="flex items-center gap-4 px-4 py-3 hover:bg-hover"
            >
              <img
                src={video.thumbnail}
                alt=""
                className="aspect-video w-24 shrink-0 rounded-md bg-hover object-cover"
              />
              <span className="min-w-0 flex-1 truncate font-medium text-ink-strong">
                {video.title}
              </span>
              <span className="shrink-0 text-sm text-ink">{formatCount(video.views, 'view')}</span>
            </Link>
          </li>
        ))}
      </ul>
      <Pagination
        page={page}
        totalPages={query.data.totalPages}
        totalItems={query.data.totalVideos}
        onPage={setPage}
      />
    </div>
  );
}
