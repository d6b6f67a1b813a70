import { useEffect } from 'react';
import { itemsOfPages } from '../../../lib/list-pages';
import { itemAfter, type PlaylistQueue } from '../../../lib/playlist-queue';
import { useLikedVideos } from '../api/get-liked-videos';
import { likedPlaylistWatchPath } from '../utils/playlist-link';

/**
 * The liked videos as a playlist queue, newest like first: the video after the one playing.
 * Playing the last one loaded asks for the next page, so the queue runs to the real end.
 */
export function useLikedQueue(currentId: string, enabled: boolean): PlaylistQueue {
  const query = useLikedVideos(enabled);
  const videos = itemsOfPages(query.data?.pages);
  const last = videos[videos.length - 1];
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (enabled && last?._id === currentId && hasNextPage && !isFetchingNextPage) {
      void fetchNextPage();
    }
  }, [enabled, last, currentId, hasNextPage, isFetchingNextPage, fetchNextPage]);
  const next = enabled ? itemAfter(videos, currentId) : null;
  return { next: next ? { video: next, href: likedPlaylistWatchPath(next._id) } : null };
}
