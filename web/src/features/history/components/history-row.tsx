import { ROUTES, type HistoryEntry } from '@contract';
import { X } from 'lucide-react';
import { Link } from 'react-router';
import { formatCount } from '../../../lib/format';
import { VideoThumbnail, watchedFraction } from '../../videos';
import { useRemoveHistoryEntry } from '../api/remove-history';

/** One watched video, with where the viewer stopped and a button that forgets it. */
export function HistoryRow({ entry }: { entry: HistoryEntry }) {
  const { video } = entry;
  const remove = useRemoveHistoryEntry();
  const watchPath = ROUTES.watch(video._id);

  return (
    <li className="flex items-start gap-3 rounded-xl p-2 hover:bg-raised">
      <Link to={watchPath} tabIndex={-1} aria-hidden className="block w-40 shrink-0 sm:w-60">
        <VideoThumbnail
          thumbnail={video.thumbnail}
          videoFile={video.videoFile}
          duration={video.duration}
          hovering={false}
          watched={watchedFraction(entry.position, video.duration)}
          className="rounded-lg"
        />
      </Link>
      <div className="min-w-0 flex-1">
        <h3 className="line-clamp-2 text-sm font-medium break-words text-ink-strong sm:text-lg">
          <Link to={watchPath} title={video.title} className="hover:underline">
            {video.title}
          </Link>
        </h3>
        <p className="mt-1 truncate text-xs text-ink-muted sm:text-sm">
          <Link to={ROUTES.channel(video.owner.username)} className="hover:text-ink-strong">
            {video.owner.username}
          </Link>
          <span aria-hidden> • </span>
          {formatCount(video.views, 'view')}
        </p>
        <p className="mt-2 line-clamp-2 hidden text-xs break-words text-ink-muted sm:block">
          {video.description}
        </p>
      </div>
      <button
        type="button"
        aria-label={`Remove ${video.title} from watch history`}
        title="Remove from watch history"
        disabled={remove.isPending}
        onClick={() => remove.mutate(video._id)}
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-ink transition-colors hover:bg-hover hover:text-ink-strong disabled:cursor-not-allowed disabled:opacity-40"
      >
        <X className="size-5" aria-hidden />
      </button>
    </li>
  );
}
