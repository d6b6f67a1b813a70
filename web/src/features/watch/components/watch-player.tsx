import type { VideoDetail } from '@contract';
import { Suspense } from 'react';
import { useNavigate } from 'react-router';
import type { QueueItem } from '../../../lib/playlist-queue';
import { Player } from '../../player';
import { WatchProgressTracker } from './watch-progress-tracker';

type MediaFields = { hlsUrl?: string | null; storyboardUrl?: string | null };

/**
 * The player, with a black frame of the same size while its code arrives; at the end it counts
 * down to `upNext` (the playlist's next video or the first suggestion) and goes there.
 */
export function WatchPlayer({
  video,
  theatre,
  onToggleTheatre,
  upNext,
}: {
  video: VideoDetail & MediaFields;
  theatre: boolean;
  onToggleTheatre(): void;
  upNext: QueueItem | null;
}) {
  const navigate = useNavigate();
  const href = upNext?.href;
  return (
    <Suspense fallback={<div className="aspect-video w-full rounded-xl bg-black" />}>
      <Player
        video={video}
        theatre={theatre}
        onToggleTheatre={onToggleTheatre}
        mediaWatcher={WatchProgressTracker}
        upNext={
          upNext
            ? {
                title: upNext.video.title,
                thumbnail: upNext.video.thumbnail,
                channel: upNext.video.owner.username,
              }
            : null
        }
        onUpNext={href ? () => void navigate(href) : undefined}
      />
    </Suspense>
  );
}
