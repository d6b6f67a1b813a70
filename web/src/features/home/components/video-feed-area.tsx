import { Clapperboard } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { EmptyState } from '../../../components/ui/empty-state';
import { useVideos } from '../../videos';
import { VideoGrid } from '../../videos';
import { VideoGridSkeleton } from '../../videos';
import { shuffle } from '../../videos';
import { RetryButton } from '../../../components/ui/retry-button';
import { UI_LIMITS } from '../../../lib/ui-constants';

/** True once `ms` have passed since mount; the product shows its skeleton at least that long. */
function useElapsed(ms: number): boolean {
  const [elapsed, setElapsed] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setElapsed(true), ms);
    return () => window.clearTimeout(timer);
  }, [ms]);
  return elapsed;
}

/** The public feed, shuffled once per answer, after the home skeleton has had its moment. */
export function VideoFeedArea() {
  const feed = useVideos();
  const skeletonDone = useElapsed(UI_LIMITS.homeSkeletonMs);
  const { data, error } = feed;
  const videos = useMemo(() => (data ? shuffle(data.data) : []), [data]);

  useEffect(() => {
    if (error) console.error('Loading the feed failed', error);
  }, [error]);

  let content;
  if (!skeletonDone || feed.isPending) {
    content = <VideoGridSkeleton />;
  } else if (feed.isError) {
    content = (
      <EmptyState icon={Clapperboard} title="Videos could not be loaded">
        <RetryButton onRetry={() => void feed.refetch()} />
      </EmptyState>
    );
  } else if (videos.length === 0) {
    content = (
      <EmptyState icon={Clapperboard} title="No videos yet">
        Public uploads from across Vidshare will be listed here.
      </EmptyState>
    );
  } else {
    content = <VideoGrid videos={videos} label="Videos" />;
  }

  return (
    <section aria-labelledby="home-feed-heading" className="pt-2 pb-10">
      <h2 id="home-feed-heading" className="sr-only">
        Videos
      </h2>
      {content}
    </section>
  );
}
