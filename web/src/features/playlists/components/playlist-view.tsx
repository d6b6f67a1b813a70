import { ROUTES } from '@contract';
import { ListVideo } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { buttonStyles } from '../../../components/ui/button-styles';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadMore } from '../../../components/ui/load-more';
import { RetryButton } from '../../../components/ui/retry-button';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError, isNotFound } from '../../../lib/api-client';
import { useAuth } from '../../auth';
import { usePlaylist } from '../api/get-playlist';
import { PlaylistHeader } from './playlist-header';
import { PlaylistVideos } from './playlist-videos';

/** /playlist?list={id}: the playlist's card beside its videos; its owner reorders them. */
export function PlaylistView({ listId }: { listId: string }) {
  const { authUser } = useAuth();
  const query = usePlaylist(listId);
  const listRef = useRef<HTMLElement>(null);
  const { error } = query;

  useEffect(() => {
    if (error && !isNotFound(error)) {
      console.error('Loading the playlist failed', error);
    }
  }, [error]);

  if (listId !== '' && query.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Loading playlist" />
      </div>
    );
  }
  if (listId === '' || query.isLoadingError || isNotFound(query.error)) {
    const status = listId === '' ? 404 : isApiError(query.error) ? query.error.status : 0;
    if (status === 404 || status === 401) {
      return (
        <EmptyState icon={ListVideo} title="Playlist not found" headingLevel={1}>
          <p>It may have been deleted, or it is not shared with you.</p>
          <Link to={ROUTES.home} className={`${buttonStyles.secondary} mt-4`}>
            Browse videos
          </Link>
        </EmptyState>
      );
    }
    return (
      <EmptyState icon={ListVideo} title="The playlist could not be loaded" headingLevel={1}>
        <RetryButton onRetry={() => void query.refetch()} />
      </EmptyState>
    );
  }

  if (!query.data) return null;
  const [first] = query.data.pages;
  const playlist = first!;
  const videos = query.data.pages.flatMap((page) => page.videos);
  const editable = authUser?._id === playlist.owner._id;
  return (
    <div className="flex flex-col gap-6 lg:flex-row">
      <PlaylistHeader playlist={playlist} editable={editable} />
      <section ref={listRef} aria-label="Videos" className="min-w-0 flex-1">
        {videos.length === 0 ? (
          <EmptyState icon={ListVideo} title="No videos in this playlist yet">
            {editable ? <p>Save videos here from a video’s Save menu.</p> : null}
          </EmptyState>
        ) : (
          <PlaylistVideos listId={playlist._id} videos={videos} editable={editable} />
        )}
        <LoadMore
          paging={query}
          listRef={listRef}
          itemSelector="ol > li"
          count={videos.length}
          label="Show more"
        />
      </section>
    </div>
  );
}
