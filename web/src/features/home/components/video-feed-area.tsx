import { Clapperboard } from 'lucide-react';
import { EmptyState } from '../../../components/ui/empty-state';

/** The space the video grid occupies; the feed itself is rendered here once it is loaded. */
export function VideoFeedArea() {
  return (
    <section aria-labelledby="home-feed-heading" className="pt-2 pb-10">
      <h2 id="home-feed-heading" className="sr-only">
        Videos
      </h2>
      <EmptyState icon={Clapperboard} title="Videos will appear here">
        New uploads from across Vidshare are shown in this space.
      </EmptyState>
    </section>
  );
}
