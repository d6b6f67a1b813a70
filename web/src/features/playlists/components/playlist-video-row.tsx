import { ROUTES, type PlaylistVideo } from '@contract';
import { GripVertical, Trash2 } from 'lucide-react';
import type { DragEvent, KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn';
import { formatCount } from '../../../lib/format';
import { VideoThumbnail, useWatchedFraction } from '../../videos';

type PlaylistVideoRowProps = {
  video: PlaylistVideo;
  index: number;
  listId: string;
  /** The owner's controls: a handle to drag or move with the keyboard, and Remove. */
  editable: boolean;
  dragging: boolean;
  dropTarget: boolean;
  onMoveKey: (event: KeyboardEvent<HTMLButtonElement>) => void;
  onDragStart: () => void;
  onDragEnter: () => void;
  onDrop: () => void;
  onDragEnd: () => void;
  onRemove: () => void;
  instructionsId: string;
};

/** One video of a playlist page, in the playlist's order. */
export function PlaylistVideoRow({
  video,
  index,
  listId,
  editable,
  dragging,
  dropTarget,
  onMoveKey,
  onDragStart,
  onDragEnter,
  onDrop,
  onDragEnd,
  onRemove,
  instructionsId,
}: PlaylistVideoRowProps) {
  const watchPath = ROUTES.watchInList(video._id, listId);
  const watched = useWatchedFraction(video);
  const allowDrop = (event: DragEvent) => {
    if (!editable) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
  };
  return (
    <li
      draggable={editable}
      onDragStart={(event) => {
        event.dataTransfer.effectAllowed = 'move';
        event.dataTransfer.setData('text/plain', video._id);
        onDragStart();
      }}
      onDragEnter={onDragEnter}
      onDragOver={allowDrop}
      onDrop={(event) => {
        event.preventDefault();
        onDrop();
      }}
      onDragEnd={onDragEnd}
      aria-label={video.title}
      className={cn(
        'flex items-center gap-2 rounded-xl p-2 hover:bg-raised sm:gap-3',
        dragging && 'opacity-40',
        dropTarget && 'ring-2 ring-accent',
      )}
    >
      {editable ? (
        <button
          type="button"
          aria-label={`Move ${video.title}`}
          data-move-handle={video._id}
          aria-describedby={instructionsId}
          onKeyDown={onMoveKey}
          className="inline-flex size-8 shrink-0 cursor-grab items-center justify-center rounded-md text-ink-muted hover:bg-hover hover:text-ink-strong"
        >
          <GripVertical className="size-5" aria-hidden />
        </button>
      ) : null}
      <span className="w-6 shrink-0 text-center text-sm text-ink-muted">{index + 1}</span>
      <Link to={watchPath} tabIndex={-1} aria-hidden className="block w-32 shrink-0 sm:w-40">
        <VideoThumbnail
          thumbnail={video.thumbnail}
          videoFile={video.videoFile}
          duration={video.duration}
          hovering={false}
          watched={watched}
          className="rounded-lg"
        />
      </Link>
      <div className="min-w-0 flex-1">
        <h3 className="line-clamp-2 text-sm font-medium break-words text-ink-strong sm:text-base">
          <Link to={watchPath} title={video.title} className="hover:underline">
            {video.title}
          </Link>
        </h3>
        <p className="mt-1 truncate text-xs text-ink-muted sm:text-sm">
          {video.owner.username}
          <span aria-hidden> • </span>
          {formatCount(video.views, 'view')}
        </p>
      </div>
      {editable ? (
        <button
          type="button"
          aria-label={`Remove ${video.title} from the playlist`}
          title="Remove from the playlist"
          onClick={onRemove}
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-ink transition-colors hover:bg-hover hover:text-ink-strong"
        >
          <Trash2 className="size-5" aria-hidden />
        </button>
      ) : null}
    </li>
  );
}
