import { TvMinimalPlay } from 'lucide-react';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeading } from '../../components/ui/page-heading';

export function SubscriptionsPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
      <PageHeading>Subscriptions</PageHeading>
      <p className="mt-1 text-sm text-ink-muted">Latest videos from the channels you follow</p>
      <section aria-label="Subscription videos" className="mt-6">
        <EmptyState
          icon={TvMinimalPlay}
          title="New videos from your subscriptions will appear here"
        />
      </section>
    </div>
  );
}
