import type { Video } from '@contract';
import type { Ref } from 'react';
import { VideoCard } from './video-card';

/** Responsive grid of video cards, one column on phones up to four on wide screens. */
export function VideoGrid({
  videos,
  label,
  ref,
  id,
}: {
  videos: readonly Video[];
  label: string;
  ref?: Ref<HTMLUListElement>;
  /** A target for skip links ("Skip to videos"). */
  id?: string;
}) {
  return (
    <ul
      ref={ref}
      id={id}
      tabIndex={id ? -1 : undefined}
      aria-label={label}
      className="grid grid-cols-1 gap-x-4 gap-y-8 outline-none sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4"
    >
      {videos.map((video) => (
        <li key={video._id}>
          <VideoCard video={video} />
        </li>
      ))}
    </ul>
  );
}
