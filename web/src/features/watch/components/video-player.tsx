import type { VideoDetail } from '@contract';
import { useRef } from 'react';
import { useWatchProgress } from '../hooks/use-watch-progress';

/** The native player: autoplays where the browser allows it, with its own controls. */
export function VideoPlayer({ video }: { video: VideoDetail }) {
  const ref = useRef<HTMLVideoElement>(null);
  useWatchProgress(ref, video._id);
  return (
    <div className="aspect-video w-full overflow-hidden rounded-xl bg-black">
      <video
        // A new element per video, so the previous one's buffer and position are dropped.
        key={video._id}
        ref={ref}
        src={video.videoFile}
        poster={video.thumbnail}
        controls
        autoPlay
        playsInline
        preload="auto"
        aria-label={video.title}
        className="size-full bg-black object-contain"
      />
    </div>
  );
}
