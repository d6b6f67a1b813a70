import { useDocumentTitle } from '../../hooks/use-document-title';
import { PageHeading } from '../../components/ui/page-heading';
import { useAuth } from '../../features/auth/hooks/auth-context';
import { SubscribedChannels } from '../../features/subscriptions/components/subscribed-channels';

export function ChannelsPage() {
  const { authUser } = useAuth();
  useDocumentTitle('All subscriptions');

  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:px-6">
      <PageHeading>All subscriptions</PageHeading>
      <section aria-label="Your subscriptions" className="mt-6">
        <SubscribedChannels userId={authUser?._id ?? ''} />
      </section>
    </div>
  );
}
