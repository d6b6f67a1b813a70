import { ROUTES, type PlaylistVideo } from '@contract';
import { ChevronDown, ChevronUp, Play, Repeat, Shuffle, SkipForward } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonStyles } from '../../../components/ui/button-styles';
import { cn } from '../../../lib/cn';
import { formatDuration } from '../../../lib/format';
import { tintedCardBackground, useDominantColor } from '../../liked';
import { usePlaylist } from '../api/get-playlist';
import { startShuffled, usePlayMode } from '../hooks/use-play-mode';
import { usePlaylistNext } from '../hooks/use-playlist-next';

function PanelItem({
  video,
  listId,
  position,
  current,
}: {
  video: PlaylistVideo;
  listId: string;
  position: number;
  current: boolean;
}) {
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    const item = ref.current;
    const list = item?.parentElement;
    if (current && item && list) list.scrollTop = item.offsetTop;
  }, [current]);
  return (
    <li ref={ref}>
      <Link
        to={ROUTES.watchInList(video._id, listId)}
        aria-current={current ? 'true' : undefined}
        className={cn(
          'flex items-center gap-2 px-2 py-2 transition-colors hover:bg-hover',
          current && 'bg-active hover:bg-active',
        )}
      >
        <span className="flex w-5 shrink-0 justify-center text-xs text-ink-muted" aria-hidden>
          {current ? <Play className="size-3 fill-current text-ink-strong" /> : position}
        </span>
        <span className="relative aspect-video w-24 shrink-0 overflow-hidden rounded-md bg-hover">
          <img src={video.thumbnail} alt="" loading="lazy" className="size-full object-cover" />
          <span className="absolute right-1 bottom-1 rounded bg-black/80 px-1 text-[0.625rem] font-medium text-white">
            {formatDuration(video.duration)}
          </span>
        </span>
        <span className="min-w-0 flex-1">
          <span className="line-clamp-2 text-sm font-medium break-words text-ink-strong">
            {video.title}
          </span>
          <span className="mt-0.5 block truncate text-xs text-ink-muted">
            {video.owner.username}
          </span>
        </span>
      </Link>
    </li>
  );
}

function Panel({
  listId,
  currentId,
  startShuffled,
}: {
  listId: string;
  currentId: string;
  startShuffled: boolean;
}) {
  const query = usePlaylist(listId);
  const [expanded, setExpanded] = useState(true);
  const listDomId = useId();
  const pages = query.data?.pages ?? [];
  const playlist = pages[0];
  const videos = pages.flatMap((page) => page.videos);
  const ids = videos.map((v) => v._id);
  const color = useDominantColor(playlist?.thumbnail ?? undefined);
  if (query.isLoadingError || (query.isSuccess && !playlist)) return null;
  if (!playlist) {
    return <div className="h-24 animate-pulse rounded-xl bg-raised" aria-hidden />;
  }
  return (
    <PanelBody
      key={listId}
      listId={listId}
      currentId={currentId}
      startShuffled={startShuffled}
      ids={ids}
      videos={videos}
      title={playlist.title}
      owner={playlist.owner.fullName || playlist.owner.username}
      total={playlist.videosCount}
      color={color}
      expanded={expanded}
      onToggle={() => setExpanded((value) => !value)}
      listDomId={listDomId}
    />
  );
}

type PanelBodyProps = {
  listId: string;
  currentId: string;
  startShuffled: boolean;
  ids: string[];
  videos: PlaylistVideo[];
  title: string;
  owner: string;
  total: number;
  color: ReturnType<typeof useDominantColor>;
  expanded: boolean;
  onToggle: () => void;
  listDomId: string;
};

function PanelBody(props: PanelBodyProps) {
  const { listId, currentId, ids, videos } = props;
  const mode = usePlayMode(listId, ids, currentId);
  const { startShuffled: shuffledStart } = props;
  useEffect(() => {
    if (shuffledStart) startShuffled(listId, ids, currentId);
  }, [shuffledStart, listId, ids, currentId]);
  const byId = new Map(videos.map((v) => [v._id, v]));
  const shown = mode.order.map((id) => byId.get(id)).filter((v): v is PlaylistVideo => !!v);
  const position = mode.order.indexOf(currentId) + 1;
  const next = usePlaylistNext(listId, currentId, true);

  return (
    <section
      aria-label={`Playlist ${props.title}`}
      className="overflow-hidden rounded-xl border border-line bg-raised"
    >
      <div
        className="flex items-start justify-between gap-3 px-4 py-3"
        style={{ backgroundImage: tintedCardBackground(props.color) }}
      >
        <div className="min-w-0">
          <h2 className="truncate text-lg font-semibold text-ink-strong">
            <Link to={ROUTES.playlist(listId)} className="hover:underline">
              {props.title}
            </Link>
          </h2>
          <p className="truncate text-xs text-ink">
            {props.owner}
            <span aria-hidden> • </span>
            {position > 0 ? `${position} / ${props.total}` : `${props.total} videos`}
          </p>
          <div className="mt-2 flex items-center gap-1">
            <button
              type="button"
              aria-label="Loop playlist"
              aria-pressed={mode.loop}
              onClick={mode.toggleLoop}
              className={cn(buttonStyles.icon, 'size-9', mode.loop && 'bg-active text-accent')}
            >
              <Repeat className="size-5" aria-hidden />
            </button>
            <button
              type="button"
              aria-label="Shuffle playlist"
              aria-pressed={mode.shuffle}
              onClick={mode.toggleShuffle}
              className={cn(buttonStyles.icon, 'size-9', mode.shuffle && 'bg-active text-accent')}
            >
              <Shuffle className="size-5" aria-hidden />
            </button>
            {next ? (
              <Link
                to={next.href}
                aria-label="Next video"
                title="Next video"
                className={cn(buttonStyles.icon, 'size-9')}
              >
                <SkipForward className="size-5" aria-hidden />
              </Link>
            ) : null}
          </div>
        </div>
        <button
          type="button"
          aria-label={props.expanded ? 'Collapse playlist' : 'Expand playlist'}
          aria-expanded={props.expanded}
          aria-controls={props.listDomId}
          onClick={props.onToggle}
          className={buttonStyles.icon}
        >
          {props.expanded ? (
            <ChevronUp className="size-5" aria-hidden />
          ) : (
            <ChevronDown className="size-5" aria-hidden />
          )}
        </button>
      </div>
      <div id={props.listDomId} hidden={!props.expanded}>
        {shown.length === 0 ? (
          <p className="p-4 text-sm text-ink">No videos in this playlist.</p>
        ) : (
          <ol aria-label="Playlist videos" className="relative max-h-[26rem] overflow-y-auto py-1">
            {shown.map((video, index) => (
              <PanelItem
                key={video._id}
                video={video}
                listId={listId}
                position={index + 1}
                current={video._id === currentId}
              />
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}

/**
 * Beside a video opened with ?list={id}: the playlist, collapsible, with loop, shuffle and
 * the next video. Other watch pages fetch nothing.
 */
export function PlaylistPanel({ currentId }: { currentId: string }) {
  const [params] = useSearchParams();
  const listId = params.get('list');
  if (!listId) return null;
  return (
    <Panel listId={listId} currentId={currentId} startShuffled={params.get('shuffle') === '1'} />
  );
}
