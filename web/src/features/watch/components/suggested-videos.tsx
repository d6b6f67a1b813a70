import type { Video } from '@contract';
import { ListVideo } from 'lucide-react';
import { EmptyState } from '../../../components/ui/empty-state';
import { VideoCard } from '../../videos';

/**
 * Other videos to watch: the same channel's first, then those sharing a hashtag, then the rest,
 * each group shuffled (see `useSuggestions`). The first one plays next outside a playlist.
 */
export function SuggestedVideos({
  suggestions,
  pending,
  failed,
}: {
  suggestions: readonly Video[];
  pending: boolean;
  failed: boolean;
}) {
  return (
    <aside aria-labelledby="watch-next-heading" className="w-full shrink-0 xl:w-96">
      <h2 id="watch-next-heading" className="mb-4 text-lg font-semibold text-ink-strong">
        Up next
      </h2>
      {pending ? (
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
      ) : failed ? (
        <EmptyState icon={ListVideo} title="Suggestions could not be loaded" className="py-10" />
      ) : suggestions.length === 0 ? (
        <EmptyState icon={ListVideo} title="No other videos yet" className="py-10" />
      ) : (
        <ul aria-label="Suggested videos" className="flex flex-col gap-3">
          {suggestions.map((video) => (
            <li key={video._id}>
              <VideoCard video={video} layout="compact" />
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}
