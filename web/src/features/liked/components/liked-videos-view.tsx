import { ROUTES } from '@contract';
import { ThumbsUp } from 'lucide-react';
import { useEffect } from 'react';
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
  if (query.isError) {
    return (
      <>
        <PageHeading>Liked videos</PageHeading>
        <EmptyState icon={ThumbsUp} title="Liked videos could not be loaded" className="mt-6">
          <RetryButton onRetry={() => void query.refetch()} />
        </EmptyState>
      </>
    );
  }

  const liked = query.data;
  return (
    <div className="flex flex-col gap-6 lg:flex-row">
      <LikedHeaderCard liked={liked} ownerName={ownerName} />
      <section aria-labelledby="liked-list-heading" className="min-w-0 flex-1">
        <h2 id="liked-list-heading" className="sr-only">
          Liked videos list
        </h2>
        {liked.data.length === 0 ? (
          <EmptyState icon={ThumbsUp} title="No liked videos yet">
            <p>Videos you like are kept here, newest first.</p>
            <Link to={ROUTES.home} className={`${buttonStyles.secondary} mt-4`}>
              Browse videos
            </Link>
          </EmptyState>
        ) : (
          <ol aria-label="Liked videos" className="flex flex-col gap-1">
            {liked.data.map((video, index) => (
              <LikedVideoRow key={video._id} video={video} position={index + 1} />
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
