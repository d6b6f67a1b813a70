import { ROUTES } from '@contract';
import { ChevronDown, ChevronUp } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonStyles } from '../../../components/ui/button-styles';
import { formatCount } from '../../../lib/format';
import { LoadMore } from '../../../components/ui/load-more';
import { itemsOfPages } from '../../../lib/list-pages';
import { useAuth } from '../../auth';
import { useLikedVideos } from '../api/get-liked-videos';
import { useDominantColor } from '../hooks/use-dominant-color';
import { tintedCardBackground } from '../utils/dominant-color';
import { LIKED_PLAYLIST, playlistPosition } from '../utils/playlist-link';
import { LikedPlaylistItem } from './liked-playlist-item';

function PanelBody({ currentId }: { currentId: string }) {
  const { isAuthenticated } = useAuth();
  const query = useLikedVideos(isAuthenticated);
  const currentRef = useRef<HTMLLIElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const { error, data } = query;

  useEffect(() => {
    if (error) console.error('Loading the liked videos failed', error);
  }, [error]);

  // Bring the playing video into view inside the list without scrolling the page itself: once
  // per video, so pages loaded later do not pull the list back while it is being scrolled.
  const scrolledFor = useRef<string | null>(null);
  useEffect(() => {
    const scroller = scrollerRef.current;
    const item = currentRef.current;
    if (!scroller || !item || scrolledFor.current === currentId) return;
    scrolledFor.current = currentId;
    scroller.scrollTop = item.offsetTop;
  }, [currentId, data]);

  if (!isAuthenticated) {
    return (
      <div className="flex flex-col items-start gap-3 p-4 text-sm text-ink">
        <p>Sign in to see your liked videos.</p>
        <Link to={ROUTES.signin} className={buttonStyles.secondary}>
          Sign in
        </Link>
      </div>
    );
  }
  if (query.isPending) {
    return (
      <ul aria-hidden className="flex flex-col gap-2 p-2">
        {Array.from({ length: 4 }, (_, index) => (
          <li key={index} className="flex gap-2">
            <div className="aspect-video w-24 shrink-0 animate-pulse rounded-md bg-hover" />
            <div className="h-4 flex-1 animate-pulse rounded bg-hover" />
          </li>
        ))}
      </ul>
    );
  }
  if (query.isLoadingError) {
    return <p className="p-4 text-sm text-ink">Liked videos could not be loaded.</p>;
  }
  const videos = itemsOfPages(query.data.pages);
  if (videos.length === 0) {
    return <p className="p-4 text-sm text-ink">No liked videos yet.</p>;
  }
  return (
    <div ref={scrollerRef} className="relative max-h-[26rem] overflow-y-auto py-1">
      <ol ref={listRef} aria-label="Liked videos playlist">
        {videos.map((video, index) => (
          <LikedPlaylistItem
            key={video._id}
            ref={video._id === currentId ? currentRef : undefined}
            video={video}
            position={index + 1}
            current={video._id === currentId}
          />
        ))}
      </ol>
      <LoadMore paging={query} listRef={listRef} count={videos.length} label="Show more" />
    </div>
  );
}

function Panel({ currentId }: { currentId: string }) {
  const { isAuthenticated, authUser } = useAuth();
  const [expanded, setExpanded] = useState(true);
  const listId = useId();
  const query = useLikedVideos(isAuthenticated);
  const videos = itemsOfPages(query.data?.pages);
  const color = useDominantColor(videos[0]?.thumbnail);

  const total = query.data?.pages[0]?.totalVideoLikes ?? 0;
  const position = playlistPosition(
    videos.map((video) => video._id),
    currentId,
  );
  const owner = authUser ? authUser.fullName || authUser.username : '';

  return (
    <section
      aria-label="Liked videos playlist"
      className="overflow-hidden rounded-xl border border-line bg-raised"
    >
      <div
        className="flex items-start justify-between gap-3 px-4 py-3"
        style={{ backgroundImage: tintedCardBackground(color) }}
      >
        <div className="min-w-0">
          <h2 className="text-lg font-semibold text-ink-strong">
            <Link to={ROUTES.likedVideos} className="hover:underline">
              Liked videos
            </Link>
          </h2>
          {query.data ? (
            <p className="truncate text-xs text-ink">
              {owner}
              {owner ? <span aria-hidden> • </span> : null}
              {position > 0 ? `${position} / ${total}` : formatCount(total, 'video')}
            </p>
          ) : null}
        </div>
        <button
          type="button"
          aria-label={expanded ? 'Collapse playlist' : 'Expand playlist'}
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((value) => !value)}
          className={buttonStyles.icon}
        >
          {expanded ? (
            <ChevronUp className="size-5" aria-hidden />
          ) : (
            <ChevronDown className="size-5" aria-hidden />
          )}
        </button>
      </div>
      <div id={listId} hidden={!expanded}>
        <PanelBody currentId={currentId} />
      </div>
    </section>
  );
}

/**
 * The liked-videos playlist beside a video opened with ?playlist=liked: a collapsible list
 * under a header card tinted by the playlist's first thumbnail. Other watch pages fetch nothing.
 */
export function LikedPlaylistPanel({ currentId }: { currentId: string }) {
  const [searchParams] = useSearchParams();
  if (searchParams.get('playlist') !== LIKED_PLAYLIST) return null;
  return <Panel currentId={currentId} />;
}
