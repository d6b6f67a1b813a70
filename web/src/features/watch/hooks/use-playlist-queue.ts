import { useSearchParams } from 'react-router';
import type { PlaylistQueue } from '../../../lib/playlist-queue';
import { LIKED_PLAYLIST, useLikedQueue } from '../../liked';
import { usePlaylistNext } from '../../playlists';

/**
 * The playlist the viewer is watching from, as a queue, or null outside one. The one place
 * that reads which playlist the watch address names: `?playlist=liked` (the liked videos) or
 * `?list={id}` (a playlist, in its play order: shuffle and loop as the viewer set them in its
 * panel). The up-next card and autoplay follow the queue with no change of their own.
 */
export function usePlaylistQueue(currentId: string): PlaylistQueue | null {
  const [params] = useSearchParams();
  const liked = params.get('playlist') === LIKED_PLAYLIST;
  const listId = liked ? '' : (params.get('list') ?? '');
  // Hooks run in the same order on every render: each queue is asked, enabled only when named.
  const likedQueue = useLikedQueue(currentId, liked);
  const listNext = usePlaylistNext(listId, currentId, listId !== '');
  if (liked) return likedQueue;
  return listId !== '' ? { next: listNext } : null;
}
