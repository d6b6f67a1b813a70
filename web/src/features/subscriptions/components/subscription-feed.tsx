import { ROUTES } from '@contract';
import { TvMinimalPlay } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { buttonStyles } from '../../../components/ui/button-styles';
import { EmptyState } from '../../../components/ui/empty-state';
import { EndlessVideoGrid, VideoGridSkeleton } from '../../videos';
import { itemsOfPages } from '../../../lib/list-pages';
import { useSubscriptionVideos } from '../api/get-subscription-videos';
import { subscriptionFeedView } from '../utils/feed-view';
import { RetryButton } from '../../../components/ui/retry-button';
import { UI_LIMITS, UI_MESSAGES } from '../../../lib/ui-constants';

/** Latest videos of the channels the viewer subscribes to. */
export function SubscriptionFeed() {
  const query = useSubscriptionVideos();
  const [waited, setWaited] = useState(false);
  const { error } = query;

  useEffect(() => {
    const timer = window.setTimeout(() => setWaited(true), UI_LIMITS.emptySubscriptionsMs);
    return () => window.clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (error) console.error('Loading the subscriptions feed failed', error);
  }, [error]);

  const videos = itemsOfPages(query.data?.pages);
  const view = subscriptionFeedView(query.status, query.data !== undefined, videos.length, waited);

  if (view === 'loading') return <VideoGridSkeleton />;
  if (view === 'error') {
    return (
      <EmptyState icon={TvMinimalPlay} title="Videos could not be loaded">
        <RetryButton onRetry={() => void query.refetch()} />
      </EmptyState>
    );
  }
  if (view === 'empty') {
    return (
      <EmptyState icon={TvMinimalPlay} title={UI_MESSAGES.noSubscribedVideos}>
        <p>Subscribe to channels and their newest public videos will show up here.</p>
        <Link to={ROUTES.home} className={`${buttonStyles.secondary} mt-4`}>
          Browse videos
        </Link>
      </EmptyState>
    );
  }
  return <EndlessVideoGrid videos={videos} label="Subscription videos" paging={query} />;
}
