import { ThumbsUp } from 'lucide-react';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeading } from '../../components/ui/page-heading';

export function LikedVideosPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
      <PageHeading>Liked videos</PageHeading>
      <section aria-label="Liked videos list" className="mt-6">
        <EmptyState icon={ThumbsUp} title="Videos you like will be listed here" />
      </section>
    </div>
  );
}
