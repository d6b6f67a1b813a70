import { API_PATHS, LIMITS } from '@contract';
import type { VideoSearchList } from '@contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { videoKeys } from './query-keys';

/** Public videos whose title or hashtag contains `q`, case-insensitive, newest first. */
export function searchVideos(q: string, signal?: AbortSignal): Promise<VideoSearchList> {
  const search = new URLSearchParams({ q, page: '1', limit: String(LIMITS.feedPageSize) });
  return apiRequest<VideoSearchList>(`${API_PATHS.searchVideos}?${search.toString()}`, { signal });
}

export const searchVideosQueryOptions = (q: string) =>
  queryOptions({
    queryKey: videoKeys.search(q),
    queryFn: ({ signal }) => searchVideos(q, signal),
    enabled: q.trim() !== '',
  });

export function useSearchVideos(q: string) {
  return useQuery(searchVideosQueryOptions(q));
}
