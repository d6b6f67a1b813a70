import type { PlaylistVideo } from '@contract';
import { useId, useState, type KeyboardEvent } from 'react';
import { useMoveInPlaylist, useSetInPlaylist } from '../api/playlist-mutations';
import { keyboardTarget, moveItem } from '../utils/reorder';
import { PlaylistVideoRow } from './playlist-video-row';

type PlaylistVideosProps = {
  listId: string;
  videos: readonly PlaylistVideo[];
  editable: boolean;
};

/**
 * The playlist's videos in order. Its owner reorders them by dragging a row, or from a row's
 * handle with the arrow keys (Home and End to either end); the new order shows at once and is
 * saved as one move.
 */
export function PlaylistVideos({ listId, videos, editable }: PlaylistVideosProps) {
  // The order as last moved here, until the server's list (refetched after the move) agrees.
  const [local, setLocal] = useState<{ from: readonly PlaylistVideo[]; order: string[] } | null>(
    null,
  );
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const instructionsId = useId();
  const move = useMoveInPlaylist(listId);
  const remove = useSetInPlaylist();

  const byId = new Map(videos.map((v) => [v._id, v]));
  const order =
    local && local.from === videos
      ? local.order.filter((id) => byId.has(id))
      : videos.map((v) => v._id);
  const shown = order.map((id) => byId.get(id)!);

  const moveTo = (from: number, to: number, focus = false) => {
    if (from === to) return;
    const next = moveItem(order, from, to);
    const video = shown[from]!;
    setLocal({ from: videos, order: next });
    setAnnouncement(`${video.title} moved to position ${to + 1} of ${next.length}.`);
    move.mutate({ videoId: video._id, position: to });
    if (focus) {
      // Keep the keyboard on the moved row's handle.
      requestAnimationFrame(() =>
        document
          .querySelector<HTMLButtonElement>(`[data-move-handle="${CSS.escape(video._id)}"]`)
          ?.focus(),
      );
    }
  };

  const onMoveKey = (index: number) => (event: KeyboardEvent<HTMLButtonElement>) => {
    const target = keyboardTarget(event.key, index, shown.length);
    if (target === undefined) return;
    event.preventDefault();
    moveTo(index, target, true);
  };

  return (
    <>
      {editable ? (
        <p id={instructionsId} className="sr-only">
          Drag the row, or press the up or down arrow keys on its handle to move it; Home and End
          move it to either end.
        </p>
      ) : null}
      <ol aria-label="Playlist videos" className="flex flex-col gap-1">
        {shown.map((video, index) => (
          <PlaylistVideoRow
            key={video._id}
            video={video}
            index={index}
            listId={listId}
            editable={editable}
            dragging={dragged === index}
            dropTarget={over === index && dragged !== null && dragged !== index}
            instructionsId={instructionsId}
            onMoveKey={onMoveKey(index)}
            onDragStart={() => setDragged(index)}
            onDragEnter={() => setOver(index)}
            onDrop={() => {
              if (dragged !== null) moveTo(dragged, index);
              setDragged(null);
              setOver(null);
            }}
            onDragEnd={() => {
              setDragged(null);
              setOver(null);
            }}
            onRemove={() => remove.mutate({ playlistId: listId, videoId: video._id, save: false })}
          />
        ))}
      </ol>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {move.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-400">
          The new order could not be saved; the playlist shows its saved order again.
        </p>
      ) : null}
    </>
  );
}
