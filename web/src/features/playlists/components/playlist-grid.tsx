import { ROUTES, type PlaylistSummary } from '@contract';
import { ListVideo, Lock, Link2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadMore } from '../../../components/ui/load-more';
import { RetryButton } from '../../../components/ui/retry-button';
import { Spinner } from '../../../components/ui/spinner';
import { formatCount } from '../../../lib/format';
import { usePlaylists } from '../api/get-playlists';

/** A playlist as a card: its first thumbnail with the count over it, and its title. */
export function PlaylistCard({ playlist }: { playlist: PlaylistSummary }) {
  const path = ROUTES.playlist(playlist._id);
  return (
    <article className="flex flex-col gap-2">
      <Link to={path} tabIndex={-1} aria-hidden className="relative block">
        <div className="aspect-video overflow-hidden rounded-xl bg-hover">
          {playlist.thumbnail ? (
            <img
              src={playlist.thumbnail}
              alt=""
              loading="lazy"
              className="size-full object-cover"
            />
          ) : (
            <div className="flex size-full items-center justify-center">
              <ListVideo className="size-10 text-ink-muted" aria-hidden />
            </div>
          )}
        </div>
        <span className="absolute right-1.5 bottom-1.5 flex items-center gap-1 rounded bg-black/80 px-1.5 py-0.5 text-xs font-medium text-white">
          <ListVideo className="size-3.5" aria-hidden />
          {formatCount(playlist.videosCount, 'video')}
        </span>
      </Link>
      <h3 className="line-clamp-2 font-medium break-words text-ink-strong">
        <Link to={path} className="hover:underline">
          {playlist.title}
        </Link>
      </h3>
      <p className="flex items-center gap-1 text-sm text-ink-muted">
        {playlist.visibility === 'private' ? (
          <Lock className="size-3.5" aria-label="Private" />
        ) : null}
        {playlist.visibility === 'unlisted' ? (
          <Link2 className="size-3.5" aria-label="Unlisted" />
        ) : null}
        <Link to={path} className="hover:text-ink-strong">
          View full playlist
        </Link>
      </p>
    </article>
  );
}

/**
 * A channel's playlists: public ones for everyone, all of them for the channel's owner
 * (`ownerId` undefined: the viewer's own).
 */
export function PlaylistGrid({ ownerId, label }: { ownerId: string | undefined; label: string }) {
  const query = usePlaylists(ownerId);
  const { error } = query;
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (error) console.error('Loading the playlists failed', error);
  }, [error]);

  if (query.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label="Loading playlists" />
      </div>
    );
  }
  if (query.isLoadingError) {
    return (
      <EmptyState icon={ListVideo} title="Playlists could not be loaded">
        <RetryButton onRetry={() => void query.refetch()} />
      </EmptyState>
    );
  }
  const playlists = query.data.pages.flatMap((page) => page.data);
  if (playlists.length === 0) return <EmptyState icon={ListVideo} title="No playlists yet." />;
  return (
    <>
      <ul
        ref={listRef}
        aria-label={label}
        className="grid grid-cols-1 gap-x-4 gap-y-8 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4"
      >
        {playlists.map((playlist) => (
          <li key={playlist._id}>
            <PlaylistCard playlist={playlist} />
          </li>
        ))}
      </ul>
      <LoadMore paging={query} listRef={listRef} count={playlists.length} label="Show more" />
    </>
  );
}
