import { API_PATHS, LIMITS, type PlaylistList } from '@contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { playlistKeys } from './playlist-keys';

/** A user's playlists (the caller's own, private ones too, when `ownerId` is absent). */
export function getPlaylists(
  ownerId: string | undefined,
  page: number,
  signal?: AbortSignal,
): Promise<PlaylistList> {
  const params = new URLSearchParams({ page: String(page), limit: String(LIMITS.feedPageSize) });
  if (ownerId) params.set('owner', ownerId);
  return apiRequest<PlaylistList>(`${API_PATHS.playlists}?${params.toString()}`, { signal });
}

export const playlistsQueryOptions = (ownerId: string | undefined) =>
  infiniteQueryOptions({
    queryKey: playlistKeys.list(ownerId),
    queryFn: ({ pageParam, signal }) => getPlaylists(ownerId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.currentPage < last.totalPages ? last.currentPage + 1 : undefined,
  });

export function usePlaylists(ownerId: string | undefined, enabled = true) {
  return useInfiniteQuery({ ...playlistsQueryOptions(ownerId), enabled });
}
