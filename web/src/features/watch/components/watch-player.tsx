import { parseStartTime, type VideoDetail } from '@contract';
import { Suspense } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { QueueItem } from '../../../lib/playlist-queue';
import { Player } from '../../player';
import { WatchProgressFromLink, WatchProgressTracker } from './watch-progress-tracker';

type MediaFields = { hlsUrl?: string | null; storyboardUrl?: string | null };

/**
 * The player, with a black frame of the same size while its code arrives; at the end it counts
 * down to `upNext` (the playlist's next video or the first suggestion) and goes there. `?t=`
 * (seconds or `1m30s`) starts it there, instead of where the viewer stopped last time.
 */
export function WatchPlayer({
  video,
  theatre,
  onToggleTheatre,
  upNext,
  reloadVideo,
}: {
  video: VideoDetail & MediaFields;
  theatre: boolean;
  onToggleTheatre(): void;
  upNext: QueueItem | null;
  /**
   * Reads the video again (its media moved while it played); null when it is gone, undefined
   * when the read failed.
   */
  reloadVideo(): Promise<(VideoDetail & MediaFields) | null | undefined>;
}) {
  const navigate = useNavigate();
  const href = upNext?.href;
  const [params] = useSearchParams();
  const startAt = parseStartTime(params.get('t'));
  return (
    <Suspense fallback={<div className="aspect-video w-full rounded-xl bg-black" />}>
      <Player
        video={video}
        theatre={theatre}
        onToggleTheatre={onToggleTheatre}
        mediaWatcher={startAt === undefined ? WatchProgressTracker : WatchProgressFromLink}
        startAt={startAt}
        chapters={video.chapters}
        reloadVideo={reloadVideo}
        upNext={
          upNext
            ? {
                title: upNext.video.title,
                thumbnail: upNext.video.thumbnail,
                channel: upNext.video.owner.username,
              }
            : null
        }
        // Always given, so the Autoplay switch stays put while suggestions arrive.
        onUpNext={() => {
          if (href) void navigate(href);
        }}
      />
    </Suspense>
  );
}
