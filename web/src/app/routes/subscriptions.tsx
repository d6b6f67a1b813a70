import { useDocumentTitle } from '../../hooks/use-document-title';
import { PageHeading } from '../../components/ui/page-heading';
import { SubscriptionFeed } from '../../features/subscriptions/components/subscription-feed';
import { PrivateFeedLink } from '../../features/subscriptions/components/private-feed-link';

export function SubscriptionsPage() {
  useDocumentTitle('Subscriptions');
  return (
    <div className="mx-auto max-w-[1700px] px-4 py-6 sm:px-6">
      <PageHeading>Subscriptions</PageHeading>
      <p className="mt-1 text-sm text-ink-muted">Latest videos from the channels you follow</p>
      <PrivateFeedLink />
      <section aria-labelledby="subscription-feed-heading" className="mt-6">
        <h2 id="subscription-feed-heading" className="sr-only">
          Latest from your subscriptions
        </h2>
        <SubscriptionFeed />
      </section>
    </div>
  );
}
