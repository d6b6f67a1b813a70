import { ROUTES } from '@contract';
import type { StudioVideoStats } from '@contract';
import { Link } from 'react-router';
import { buttonStyles } from '../../../components/ui/button-styles';
import { formatRelativeTime } from '../../../lib/format';
import { FigureList, StudioCard } from './studio-card';
import { StudioThumbnail } from './studio-thumbnail';

/** One video's lifetime figures with the way to its analytics and details. */
export function VideoStatsCard({ title, stats }: { title: string; stats: StudioVideoStats }) {
  const { video } = stats;
  return (
    <StudioCard title={title}>
      <Link to={ROUTES.studioContentVideo(video._id)} className="group flex gap-3">
        <StudioThumbnail
          src={video.thumbnail}
          duration={video.duration}
          className="w-32 shrink-0"
        />
        <span className="min-w-0">
          <span className="line-clamp-2 font-medium break-words text-ink-strong group-hover:underline">
            {video.title}
          </span>
          <span className="mt-1 block text-xs text-ink-muted">
            Published {formatRelativeTime(video.createdAt)}
          </span>
        </span>
      </Link>
      <p className="mt-4 text-xs text-ink-muted">Since publication</p>
      <FigureList
        items={[
          { label: 'Views', value: stats.views.toLocaleString('en-US') },
          { label: 'Likes', value: stats.likes.toLocaleString('en-US') },
          { label: 'Comments', value: stats.comments.toLocaleString('en-US') },
        ]}
      />
      <div className="mt-auto pt-4">
        <Link
          to={`${ROUTES.studioAnalytics}?videoId=${encodeURIComponent(video._id)}`}
          className={buttonStyles.outline + ' px-4'}
        >
          Go to video analytics
        </Link>
      </div>
    </StudioCard>
  );
}
