import { ListVideo } from 'lucide-react';
import { useMemo } from 'react';
import { EmptyState } from '../../../components/ui/empty-state';
import { useVideos } from '../../videos';
import { VideoCard } from '../../videos';
import { suggestedVideos } from '../../videos';

/** Other public videos from the feed, in a fresh random order for each video watched. */
export function SuggestedVideos({ currentId }: { currentId: string }) {
  const feed = useVideos();
  const { data } = feed;
  const videos = useMemo(
    () => (data ? suggestedVideos(data.data, currentId) : []),
    [data, currentId],
  );

  return (
    <aside aria-labelledby="watch-next-heading" className="w-full shrink-0 xl:w-96">
      <h2 id="watch-next-heading" className="mb-4 text-lg font-semibold text-ink-strong">
        Up next
      </h2>
      {feed.isPending ? (
        <ul aria-hidden className="flex flex-col gap-3">
          {Array.from({ length: 6 }, (_, index) => (
            <li key={index} className="flex gap-2">
              <div className="aspect-video w-40 shrink-0 animate-pulse rounded-lg bg-hover sm:w-44" />
              <div className="flex flex-1 flex-col gap-2">
                <div className="h-4 w-11/12 animate-pulse rounded bg-hover" />
                <div className="h-3 w-1/2 animate-pulse rounded bg-hover" />
              </div>
            </li>
          ))}
        </ul>
      ) : feed.isError ? (
        <EmptyState icon={ListVideo} title="Suggestions could not be loaded" className="py-10" />
      ) : videos.length === 0 ? (
        <EmptyState icon={ListVideo} title="No other videos yet" className="py-10" />
      ) : (
        <ul aria-label="Suggested videos" className="flex flex-col gap-3">
          {videos.map((video) => (
            <li key={video._id}>
              <VideoCard video={video} layout="compact" />
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}
