import { ListVideo } from 'lucide-react';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeading } from '../../components/ui/page-heading';

export function ChannelsPage() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:px-6">
      <PageHeading>All subscriptions</PageHeading>
      <section aria-label="Subscribed channels" className="mt-6">
        <EmptyState icon={ListVideo} title="Channels you subscribe to will be listed here" />
      </section>
    </div>
  );
}
