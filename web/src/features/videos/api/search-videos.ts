import { API_PATHS, LIMITS } from '@contract';
import type { VideoSearchList } from '@contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import {
  FIRST_PAGE,
  nextPageParam,
  withPageParam,
  type ListPageParam,
} from '../../../lib/list-pages';
import { videoKeys } from './query-keys';

/** Public videos whose title or hashtag contains `q`, case-insensitive, newest first. */
export function searchVideos(
  q: string,
  param: ListPageParam = FIRST_PAGE,
  signal?: AbortSignal,
): Promise<VideoSearchList> {
  const search = withPageParam(
    new URLSearchParams({ q, limit: String(LIMITS.feedPageSize) }),
    param,
  );
  return apiRequest<VideoSearchList>(`${API_PATHS.searchVideos}?${search.toString()}`, { signal });
}

/** Every page of results read so far; the next follows the last one's cursor. */
export const searchVideosQueryOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: videoKeys.search(q),
    queryFn: ({ pageParam, signal }) => searchVideos(q, pageParam, signal),
    initialPageParam: FIRST_PAGE as ListPageParam,
    getNextPageParam: (last, _all, previous) => nextPageParam(last, previous, true),
    enabled: q.trim() !== '',
    // Suggestions are ordered from these results; a refetch on focus would reorder them.
    refetchOnWindowFocus: false,
  });

export function useSearchVideos(q: string) {
  return useInfiniteQuery(searchVideosQueryOptions(q));
}
