import type { Video } from '@contract';
import { Play } from 'lucide-react';
import type { Ref } from 'react';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn';
import { formatDuration } from '../../../lib/format';
import { likedPlaylistWatchPath } from '../utils/playlist-link';

type LikedPlaylistItemProps = {
  video: Video;
  position: number;
  current: boolean;
  ref?: Ref<HTMLLIElement>;
};

/** One entry of the watch page's playlist panel; the playing one is marked. */
export function LikedPlaylistItem({ video, position, current, ref }: LikedPlaylistItemProps) {
  return (
    <li ref={ref}>
      <Link
        to={likedPlaylistWatchPath(video._id)}
        aria-current={current ? 'true' : undefined}
        className={cn(
          'flex items-center gap-2 px-2 py-2 transition-colors hover:bg-hover',
          current && 'bg-active hover:bg-active',
        )}
      >
        <span className="flex w-5 shrink-0 justify-center text-xs text-ink-muted" aria-hidden>
          {current ? <Play className="size-3 fill-current text-ink-strong" /> : position}
        </span>
        <span className="relative aspect-video w-24 shrink-0 overflow-hidden rounded-md bg-hover">
          <img
            src={video.thumbnail}
            alt=""
            loading="lazy"
            decoding="async"
            className="size-full object-cover"
          />
          <span className="absolute right-1 bottom-1 rounded bg-black/80 px-1 text-[0.625rem] font-medium text-white">
            {formatDuration(video.duration)}
          </span>
        </span>
        <span className="min-w-0 flex-1">
          <span className="line-clamp-2 text-sm font-medium break-words text-ink-strong">
            {video.title}
          </span>
          <span className="mt-0.5 block truncate text-xs text-ink-muted">
            {video.owner.username}
          </span>
        </span>
      </Link>
    </li>
  );
}
