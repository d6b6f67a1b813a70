import { Flame } from 'lucide-react';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeading } from '../../components/ui/page-heading';
import { RetryButton } from '../../components/ui/retry-button';
import { useTrendingVideos, VideoGrid, VideoGridSkeleton } from '../../features/videos';

/** The public videos most watched lately (views of the last 7 days, recent ones weighing most). */
export function TrendingPage() {
  useDocumentTitle('Trending');
  const trending = useTrendingVideos();

  let body;
  if (trending.isPending) body = <VideoGridSkeleton count={8} />;
  else if (trending.isLoadingError) {
    body = (
      <EmptyState icon={Flame} title="Trending could not be loaded">
        <RetryButton onRetry={() => void trending.refetch()} />
      </EmptyState>
    );
  } else if (trending.data.data.length === 0) {
    body = (
      <EmptyState icon={Flame} title="Nothing is trending yet">
        Videos watched in the last few days show up here.
      </EmptyState>
    );
  } else body = <VideoGrid videos={trending.data.data} label="Trending videos" />;

  return (
    <div className="mx-auto max-w-[1700px] px-4 py-6 sm:px-6">
      <PageHeading className="flex items-center gap-2">
        <Flame className="size-6 text-accent" aria-hidden />
        Trending
      </PageHeading>
      <section aria-label="Trending videos" className="mt-6">
        {body}
      </section>
    </div>
  );
}
