import { ROUTES } from '@contract';
import { ListVideo } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { buttonStyles } from '../../../components/ui/button-styles';
import { EmptyState } from '../../../components/ui/empty-state';
import { Spinner } from '../../../components/ui/spinner';
import { useSubscribedChannels } from '../api/get-subscribed-channels';
import { SubscribedChannelRow } from './subscribed-channel-row';
import { RetryButton } from '../../../components/ui/retry-button';

/** Every channel the signed-in viewer subscribes to, newest subscription first. */
export function SubscribedChannels({ userId }: { userId: string }) {
  const query = useSubscribedChannels(userId);
  const { error } = query;

  useEffect(() => {
    if (error) console.error('Loading the subscribed channels failed', error);
  }, [error]);

  if (query.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Loading subscriptions" />
      </div>
    );
  }
  if (query.isLoadingError) {
    return (
      <EmptyState icon={ListVideo} title="Subscriptions could not be loaded">
        <RetryButton onRetry={() => void query.refetch()} />
      </EmptyState>
    );
  }
  if (query.data.length === 0) {
    return (
      <EmptyState icon={ListVideo} title="You have not subscribed to any channels yet">
        <p>Channels you subscribe to are listed here.</p>
        <Link to={ROUTES.home} className={`${buttonStyles.secondary} mt-4`}>
          Browse videos
        </Link>
      </EmptyState>
    );
  }
  return (
    <ul aria-label="Subscribed channels" className="divide-y divide-line">
      {query.data.map((item) => (
        <SubscribedChannelRow key={item.channel._id} item={item} />
      ))}
    </ul>
  );
}
