import { ROUTES, type Video } from '@contract';
import type { PlaylistQueue, QueueItem } from '../../../lib/playlist-queue';

/**
 * What plays when the video ends: the playlist's next video when watching from a playlist,
 * else (and after a playlist's last video) the first suggestion. Null when there is nothing.
 */
export function chooseUpNext(
  playlist: PlaylistQueue | null,
  suggestions: readonly Video[],
): QueueItem | null {
  if (playlist?.next) return playlist.next;
  const first = suggestions[0];
  return first ? { video: first, href: ROUTES.watch(first._id) } : null;
}
