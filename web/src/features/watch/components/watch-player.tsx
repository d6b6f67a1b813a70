import type { VideoDetail } from '@contract';
import { Suspense } from 'react';
import { Player } from '../../player';
import { WatchProgressTracker } from './watch-progress-tracker';

type MediaFields = { hlsUrl?: string | null; storyboardUrl?: string | null };

/** The player, with a black frame of the same size while its code arrives. */
export function WatchPlayer({
  video,
  theatre,
  onToggleTheatre,
}: {
  video: VideoDetail & MediaFields;
  theatre: boolean;
  onToggleTheatre(): void;
}) {
  return (
    <Suspense fallback={<div className="aspect-video w-full rounded-xl bg-black" />}>
      <Player
        video={video}
        theatre={theatre}
        onToggleTheatre={onToggleTheatre}
        mediaWatcher={WatchProgressTracker}
      />
    </Suspense>
  );
}
