import { ROUTES, type PlaylistVideo } from '@contract';
import { useEffect } from 'react';
import { usePlaylist } from '../api/get-playlist';
import { nextInOrder } from '../utils/play-order';
import { usePlayMode } from './use-play-mode';

/** What plays after the current video of a playlist, and the address that plays it. */
export type PlaylistNext = { video: PlaylistVideo; href: string };

/**
 * The video after the one playing in playlist `listId`, in its play order (shuffled or not),
 * back to the first after the last when looping; null at the end. When the playing video is
 * the last one read, the next page is read first, so the end is the playlist's real end.
 */
export function usePlaylistNext(
  listId: string,
  currentId: string,
  enabled: boolean,
): PlaylistNext | null {
  const query = usePlaylist(listId, enabled);
  const videos = query.data?.pages.flatMap((page) => page.videos) ?? [];
  const ids = videos.map((video) => video._id);
  const mode = usePlayMode(listId, ids, currentId);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const lastRead = ids[ids.length - 1] === currentId;
  useEffect(() => {
    if (enabled && lastRead && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [enabled, lastRead, hasNextPage, isFetchingNextPage, fetchNextPage]);
  if (!enabled || (lastRead && hasNextPage)) return null;
  const nextId = nextInOrder(mode.order, currentId, mode.loop);
  const video = videos.find((v) => v._id === nextId);
  return video ? { video, href: ROUTES.watchInList(video._id, listId) } : null;
}
