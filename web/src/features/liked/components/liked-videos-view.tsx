import { ROUTES } from '@contract';
import { ThumbsUp } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { LoadMore } from '../../../components/ui/load-more';
import { itemsOfPages } from '../../../lib/list-pages';
import { Link } from 'react-router';
import { buttonStyles } from '../../../components/ui/button-styles';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeading } from '../../../components/ui/page-heading';
import { Spinner } from '../../../components/ui/spinner';
import { useLikedVideos } from '../api/get-liked-videos';
import { LikedHeaderCard } from './liked-header-card';
import { LikedVideoRow } from './liked-video-row';
import { RetryButton } from '../../../components/ui/retry-button';

/** The Liked videos playlist page: its cover card beside the list of liked videos. */
export function LikedVideosView({ ownerName }: { ownerName: string }) {
  const query = useLikedVideos();
  const { error } = query;
  const listRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    if (error) console.error('Loading the liked videos failed', error);
  }, [error]);

  if (query.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Loading liked videos" />
      </div>
    );
  }
  if (query.isLoadingError) {
    return (
      <>
        <PageHeading>Liked videos</PageHeading>
        <EmptyState icon={ThumbsUp} title="Liked videos could not be loaded" className="mt-6">
          <RetryButton onRetry={() => void query.refetch()} />
        </EmptyState>
      </>
    );
  }

  // The cover card reads the totals and the newest like from the first page.
  const liked = query.data.pages[0]!;
  const videos = itemsOfPages(query.data.pages);
  return (
    <div className="flex flex-col gap-6 lg:flex-row">
      <LikedHeaderCard liked={liked} ownerName={ownerName} />
      <section aria-labelledby="liked-list-heading" className="min-w-0 flex-1">
        <h2 id="liked-list-heading" className="sr-only">
          Liked videos list
        </h2>
        {videos.length === 0 ? (
          <EmptyState icon={ThumbsUp} title="No liked videos yet">
            <p>Videos you like are kept here, newest first.</p>
            <Link to={ROUTES.home} className={`${buttonStyles.secondary} mt-4`}>
              Browse videos
            </Link>
          </EmptyState>
        ) : (
          <>
            <ol ref={listRef} aria-label="Liked videos" className="flex flex-col gap-1">
              {videos.map((video, index) => (
                <LikedVideoRow key={video._id} video={video} position={index + 1} />
              ))}
            </ol>
            <LoadMore
              paging={query}
              listRef={listRef}
              count={videos.length}
              label="Show more videos"
            />
          </>
        )}
      </section>
    </div>
  );
}
