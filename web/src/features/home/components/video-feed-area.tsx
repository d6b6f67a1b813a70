import type { Video } from '@contract';
import { useQueryClient } from '@tanstack/react-query';
import { Clapperboard } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { EmptyState } from '../../../components/ui/empty-state';
import {
  EndlessVideoGrid,
  VideoGridSkeleton,
  shuffle,
  useVideoPages,
  videoPagesQueryOptions,
} from '../../videos';
import { RetryButton } from '../../../components/ui/retry-button';
import { HOME_VIDEOS_ID, UI_LIMITS } from '../../../lib/ui-constants';

/** True once `ms` have passed since mount; the product shows its skeleton at least that long. */
function useElapsed(ms: number, already: boolean): boolean {
  const [elapsed, setElapsed] = useState(already);
  useEffect(() => {
    if (already) return;
    const timer = window.setTimeout(() => setElapsed(true), ms);
    return () => window.clearTimeout(timer);
  }, [ms, already]);
  return elapsed;
}

/**
 * The public feed as an endless list, each page shuffled once on arrival (earlier pages keep
 * their order as more arrive), after the home skeleton has had its moment. Coming back to the
 * page (Back) shows what was loaded at once, so the browser can put the scroll where it was.
 */
export function VideoFeedArea() {
  const queryClient = useQueryClient();
  const [cached] = useState(
    () => queryClient.getQueryData(videoPagesQueryOptions().queryKey) !== undefined,
  );
  const feed = useVideoPages();
  const skeletonDone = useElapsed(UI_LIMITS.homeSkeletonMs, cached);
  const { data, error } = feed;
  const shuffled = useRef(new WeakMap<object, Video[]>());
  const videos = useMemo(() => {
    const seen = new Set<string>();
    const out: Video[] = [];
    for (const page of data?.pages ?? []) {
      let order = shuffled.current.get(page);
      if (!order) {
        order = shuffle(page.data);
        shuffled.current.set(page, order);
      }
      for (const video of order) {
        if (seen.has(video._id)) continue;
        seen.add(video._id);
        out.push(video);
      }
    }
    return out;
  }, [data]);

  useEffect(() => {
    if (error) console.error('Loading the feed failed', error);
  }, [error]);

  let content;
  if (!skeletonDone || feed.isPending) {
    content = <VideoGridSkeleton />;
  } else if (feed.isLoadingError) {
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
    content = <EndlessVideoGrid videos={videos} label="Videos" paging={feed} id={HOME_VIDEOS_ID} />;
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
