import { ROUTES } from '@contract';
import type { Video } from '@contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { cn } from '../../../lib/cn';
import { formatCount, formatRelativeTime } from '../../../lib/format';
import { useWatchedFraction } from '../hooks/use-watched-fraction';
import { useVideoCardSettings } from './video-card-menu';
import { VideoThumbnail } from './video-thumbnail';

type VideoCardProps = {
  video: Video;
  /** Grid cards stack the thumbnail over the text; compact cards (watch page) sit side by side. */
  layout?: 'grid' | 'compact';
};

/**
 * One video in a list. The title is the card's single named link; the thumbnail repeats it
 * for pointer users only, so screen readers and tests meet each video once.
 */
export function VideoCard({ video, layout = 'grid' }: VideoCardProps) {
  const [hovering, setHovering] = useState(false);
  const watched = useWatchedFraction(video);
  const { menu: Menu } = useVideoCardSettings();
  const watchPath = ROUTES.watch(video._id);
  const channelPath = ROUTES.channel(video.owner.username);
  const compact = layout === 'compact';

  return (
    <article
      className={cn('group flex min-w-0', compact ? 'flex-row gap-2' : 'flex-col gap-3')}
      onMouseEnter={() => setHovering(true)}
      onMouseLeave={() => setHovering(false)}
    >
      <Link
        to={watchPath}
        tabIndex={-1}
        aria-hidden
        className={cn('block', compact ? 'w-40 shrink-0 sm:w-44' : 'w-full')}
      >
        <VideoThumbnail
          thumbnail={video.thumbnail}
          videoFile={video.videoFile}
          hlsUrl={(video as Video & { hlsUrl?: string | null }).hlsUrl ?? null}
          duration={video.duration}
          hovering={hovering}
          watched={watched}
          className={compact ? 'rounded-lg' : undefined}
        />
      </Link>
      <div className="flex min-w-0 flex-1 gap-3">
        {compact ? null : (
          <Link to={channelPath} tabIndex={-1} aria-hidden className="mt-0.5 shrink-0">
            <Avatar src={video.owner.avatar} name={video.owner.username} size="md" decorative />
          </Link>
        )}
        <div className="min-w-0 flex-1">
          <h3
            className={cn(
              'line-clamp-2 font-medium break-words text-ink-strong',
              compact ? 'text-sm' : 'text-base leading-snug',
            )}
          >
            <Link to={watchPath} title={video.title} className="hover:underline-offset-2">
              {video.title}
            </Link>
          </h3>
          <Link
            to={channelPath}
            className="mt-1 block truncate text-sm text-ink-muted hover:text-ink-strong"
          >
            {video.owner.username}
          </Link>
          <p className="text-sm text-ink-muted">
            {formatCount(video.views, 'view')}
            <span aria-hidden> • </span>
            <time dateTime={video.createdAt} title={new Date(video.createdAt).toLocaleDateString()}>
              {formatRelativeTime(video.createdAt)}
            </time>
          </p>
        </div>
        {Menu ? (
          <div className="-mr-2 shrink-0">
            <Menu video={video} />
          </div>
        ) : null}
      </div>
    </article>
  );
}
