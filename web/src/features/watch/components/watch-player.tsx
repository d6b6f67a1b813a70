import { parseStartTime, type VideoDetail } from '@contract';
import { Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { Player } from '../../player';
import { WatchProgressFromLink, WatchProgressTracker } from './watch-progress-tracker';

type MediaFields = { hlsUrl?: string | null; storyboardUrl?: string | null };

/**
 * The player, with a black frame of the same size while its code arrives. `?t=` (seconds or
 * `1m30s`) starts it there, instead of where the viewer stopped last time.
 */
export function WatchPlayer({
  video,
  theatre,
  onToggleTheatre,
}: {
  video: VideoDetail & MediaFields;
  theatre: boolean;
  onToggleTheatre(): void;
}) {
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
      />
    </Suspense>
  );
}
