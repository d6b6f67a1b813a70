import type { VideoDetail } from '@contract';
import { lazy, Suspense } from 'react';

// The player and (when the video has HLS) hls.js load with the watch page only.
const Player = lazy(() =>
  import('../../player/components/player').then((module) => ({ default: module.Player })),
);

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
      <Player video={video} theatre={theatre} onToggleTheatre={onToggleTheatre} />
    </Suspense>
  );
}
