import { SearchIcon, SearchX } from 'lucide-react';
import { useEffect } from 'react';
import { EmptyState } from '../../../components/ui/empty-state';
import { formatResultCount } from '../../../lib/format';
import { useSearchVideos } from '../../videos';
import { VideoGrid } from '../../videos';
import { VideoGridSkeleton } from '../../videos';
import { RetryButton } from '../../../components/ui/retry-button';

/** Videos whose title or hashtag contains `query`, as the server ranks them (newest first). */
export function SearchResults({ query }: { query: string }) {
  const results = useSearchVideos(query);
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
  if (results.isError) {
    return (
      <EmptyState icon={SearchX} title="The search could not be run">
        <RetryButton onRetry={() => void results.refetch()} />
      </EmptyState>
    );
  }
  const videos = results.data.data;
  if (videos.length === 0) {
    return (
      <EmptyState icon={SearchX} title={`No videos found for "${query}"`}>
        Try other words, or a hashtag.
      </EmptyState>
    );
  }
  return (
    <>
      <p className="mb-4 text-sm text-ink-muted" aria-live="polite">
        {formatResultCount(results.data.totalVideos, results.data.totalCapped)}
      </p>
      <VideoGrid videos={videos} label="Matching videos" />
    </>
  );
}
