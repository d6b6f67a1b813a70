import type { Video } from '@contract';
import { Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { formatCount, formatRelativeTime } from '../../../lib/format';
import { VideoThumbnail } from '../../videos';
import { useRemoveLikedVideo } from '../api/remove-liked-video';
import { likedPlaylistWatchPath } from '../utils/playlist-link';

/** One liked video on the Liked videos page, with a button that takes the like away. */
export function LikedVideoRow({ video, position }: { video: Video; position: number }) {
  const remove = useRemoveLikedVideo();
  const watchPath = likedPlaylistWatchPath(video._id);

  return (
    <li className="flex items-center gap-2 rounded-xl p-2 hover:bg-raised sm:gap-3">
      <span className="hidden w-6 shrink-0 text-center text-sm text-ink-muted sm:block">
        {position}
      </span>
      <Link to={watchPath} tabIndex={-1} aria-hidden className="block w-36 shrink-0 sm:w-44">
        <VideoThumbnail
          thumbnail={video.thumbnail}
          videoFile={video.videoFile}
          duration={video.duration}
          hovering={false}
          className="rounded-lg"
        />
      </Link>
      <div className="min-w-0 flex-1">
        <h3 className="line-clamp-2 text-sm font-medium break-words text-ink-strong sm:text-base">
          <Link to={watchPath} title={video.title} className="hover:underline">
            {video.title}
          </Link>
        </h3>
        <p className="mt-1 truncate text-xs text-ink-muted sm:text-sm">
          {video.owner.username}
          <span aria-hidden> • </span>
          {formatCount(video.views, 'view')}
          <span aria-hidden> • </span>
          <time dateTime={video.createdAt}>{formatRelativeTime(video.createdAt)}</time>
        </p>
      </div>
      <button
        type="button"
        aria-label="Remove from Liked videos"
        title="Remove from Liked videos"
        disabled={remove.isPending}
        onClick={() => remove.mutate(video._id)}
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-ink transition-colors hover:bg-hover hover:text-ink-strong disabled:cursor-not-allowed disabled:opacity-40"
      >
        <Trash2 className="size-5" aria-hidden />
      </button>
    </li>
  );
}
