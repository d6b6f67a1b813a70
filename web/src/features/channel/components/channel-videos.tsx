import { Clapperboard } from 'lucide-react';
import { useEffect } from 'react';
import { EmptyState } from '../../../components/ui/empty-state';
import { EndlessVideoGrid, VideoGridSkeleton } from '../../videos';
import { itemsOfPages } from '../../../lib/list-pages';
import { useChannelVideos } from '../api/get-channel-videos';
import { RetryButton } from '../../../components/ui/retry-button';
import { UI_MESSAGES } from '../../../lib/ui-constants';

/** The Videos tab: the channel's uploads, newest first. */
export function ChannelVideos({ userId }: { userId: string }) {
  const query = useChannelVideos(userId);
  const { error } = query;

  useEffect(() => {
    if (error) console.error("Loading the channel's videos failed", error);
  }, [error]);

  if (query.isPending) return <VideoGridSkeleton count={8} />;
  if (query.isLoadingError) {
    return (
      <EmptyState icon={Clapperboard} title="Videos could not be loaded">
        <RetryButton onRetry={() => void query.refetch()} />
      </EmptyState>
    );
  }
  const videos = itemsOfPages(query.data.pages);
  if (videos.length === 0) {
    return <EmptyState icon={Clapperboard} title={UI_MESSAGES.noVideosYet} />;
  }
  return <EndlessVideoGrid videos={videos} label="Channel videos" paging={query} />;
}
