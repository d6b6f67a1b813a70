import type { LikedVideos } from '@contract';
import { Play, ThumbsUp } from 'lucide-react';
import { Link } from 'react-router';
import { buttonStyles } from '../../../components/ui/button-styles';
import { formatCount, formatRelativeTime } from '../../../lib/format';
import { useDominantColor } from '../hooks/use-dominant-color';
import { tintedCardBackground } from '../utils/dominant-color';
import { likedPlaylistWatchPath } from '../utils/playlist-link';

type LikedHeaderCardProps = { liked: LikedVideos; ownerName: string };

/** The playlist's cover: first thumbnail, name, size and age, tinted by the thumbnail. */
export function LikedHeaderCard({ liked, ownerName }: LikedHeaderCardProps) {
  const first = liked.data[0];
  const color = useDominantColor(first?.thumbnail);

  return (
    <div
      className="flex flex-col gap-4 rounded-2xl bg-raised p-5 sm:flex-row lg:w-96 lg:shrink-0 lg:flex-col lg:self-start"
      style={{ backgroundImage: tintedCardBackground(color) }}
    >
      <div className="aspect-video w-full overflow-hidden rounded-xl bg-hover sm:w-72 lg:w-full">
        {first ? (
          <img src={first.thumbnail} alt="" className="size-full object-cover" />
        ) : (
          <div className="flex size-full items-center justify-center">
            <ThumbsUp className="size-10 text-ink-muted" aria-hidden />
          </div>
        )}
      </div>
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight text-ink-strong sm:text-3xl">
          Liked videos
        </h1>
        <p className="mt-2 truncate text-sm font-medium text-ink-strong">{ownerName}</p>
        <p className="mt-1 text-sm text-ink">
          {formatCount(liked.totalVideoLikes, 'video')}
          {liked.lastUpdated ? (
            <>
              <span aria-hidden> • </span>
              Last updated{' '}
              <time
                dateTime={liked.lastUpdated}
                title={new Date(liked.lastUpdated).toLocaleString()}
              >
                {formatRelativeTime(liked.lastUpdated).toLowerCase()}
              </time>
            </>
          ) : null}
        </p>
        {first ? (
          <Link to={likedPlaylistWatchPath(first._id)} className={`${buttonStyles.light} mt-4`}>
            <Play className="size-4 fill-current" aria-hidden />
            Play all
          </Link>
        ) : null}
      </div>
    </div>
  );
}
