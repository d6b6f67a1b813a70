import { useSearchParams } from 'react-router';
import type { PlaylistQueue } from '../../../lib/playlist-queue';
import { LIKED_PLAYLIST, useLikedQueue } from '../../liked';

/**
 * The playlist the viewer is watching from, as a queue, or null outside one. The one place
 * that reads which playlist the watch address names: `?playlist=liked` (the liked videos)
 * today. Another kind of playlist (`?list={id}`, with its own next, shuffle and loop) adds its
 * queue here, and the up-next card and autoplay follow it with no change of their own.
 */
export function usePlaylistQueue(currentId: string): PlaylistQueue | null {
  const [params] = useSearchParams();
  const liked = params.get('playlist') === LIKED_PLAYLIST;
  // Hooks run in the same order on every render: each queue is asked, enabled only when named.
  const likedQueue = useLikedQueue(currentId, liked);
  return liked ? likedQueue : null;
}
