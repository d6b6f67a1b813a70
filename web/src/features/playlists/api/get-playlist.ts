import { API_PATHS, LIMITS, type PlaylistDetail } from '@contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';
import { playlistKeys } from './playlist-keys';

/** One page of a playlist, with the playlist as lists show it. */
export function getPlaylist(
  id: string,
  page: number,
  signal?: AbortSignal,
): Promise<PlaylistDetail> {
  const params = new URLSearchParams({ page: String(page), limit: String(LIMITS.pageSizeMax) });
  return apiData<PlaylistDetail>(`${API_PATHS.playlist(id)}?${params.toString()}`, { signal });
}

export const playlistQueryOptions = (id: string) =>
  infiniteQueryOptions({
    queryKey: playlistKeys.detail(id),
    queryFn: ({ pageParam, signal }) => getPlaylist(id, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.currentPage < last.totalPages ? last.currentPage + 1 : undefined,
  });

export function usePlaylist(id: string, enabled = true) {
  return useInfiniteQuery({ ...playlistQueryOptions(id), enabled: enabled && id !== '' });
}
