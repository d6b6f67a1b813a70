import { SearchIcon, SearchX } from 'lucide-react';
import { useEffect } from 'react';
import { EmptyState } from '../../../components/ui/empty-state';
import { formatResultCount } from '../../../lib/format';
import { EndlessVideoGrid, VideoGridSkeleton, useSearchVideos } from '../../videos';
import { itemsOfPages } from '../../../lib/list-pages';
import { RetryButton } from '../../../components/ui/retry-button';
import type { SearchOptions } from '../utils/search-options';

/** Videos whose title or hashtag contains `query`, in the order and with the filters chosen. */
export function SearchResults({ query, options }: { query: string; options: SearchOptions }) {
  const results = useSearchVideos(query, options);
  const { error } = results;

  useEffect(() => {
    if (error) console.error('Search failed', error);
  }, [error]);

  if (query === '') {
    return (
      <EmptyState icon={SearchIcon} title="Search for videos">
        Type a title or hashtag into the search box at the top of the page.
      </EmptyState>
    );
  }
  if (results.isPending) return <VideoGridSkeleton count={8} />;
  if (results.isLoadingError) {
    return (
      <EmptyState icon={SearchX} title="The search could not be run">
        <RetryButton onRetry={() => void results.refetch()} />
      </EmptyState>
    );
  }
  const videos = itemsOfPages(results.data.pages);
  const first = results.data.pages[0]!;
  if (videos.length === 0) {
    return (
      <EmptyState icon={SearchX} title={`No videos found for "${query}"`}>
        {options.uploadDate || options.duration
          ? 'Try other words, or fewer filters.'
          : 'Try other words, or a hashtag.'}
      </EmptyState>
    );
  }
  return (
    <>
      <p className="mb-4 text-sm text-ink-muted" aria-live="polite">
        {formatResultCount(first.totalVideos, first.totalCapped)}
      </p>
      <EndlessVideoGrid videos={videos} label="Matching videos" paging={results} />
    </>
  );
}
