import { API_PATHS, LIMITS } from '@contract';
import type { DurationFilter, SearchSortField, UploadDateFilter, VideoSearchList } from '@contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import {
  FIRST_PAGE,
  nextPageParam,
  withPageParam,
  type ListPageParam,
} from '../../../lib/list-pages';
import { videoKeys } from './query-keys';

/** A search's order and filters; none means newest first, every match. */
export interface VideoSearchOptions {
  sortBy?: SearchSortField;
  uploadDate?: UploadDateFilter;
  duration?: DurationFilter;
}

/** Public videos whose title or hashtag contains `q`, case-insensitive, newest first unless told. */
export function searchVideos(
  q: string,
  options: VideoSearchOptions = {},
  param: ListPageParam = FIRST_PAGE,
  signal?: AbortSignal,
): Promise<VideoSearchList> {
  const search = withPageParam(
    new URLSearchParams({ q, limit: String(LIMITS.feedPageSize) }),
    param,
  );
  for (const [name, value] of Object.entries(options)) {
    if (value) search.set(name, value);
  }
  return apiRequest<VideoSearchList>(`${API_PATHS.searchVideos}?${search.toString()}`, { signal });
}

/**
 * Every page of results read so far. In time order the next page follows the last one's
 * cursor; the ranked orders (relevance, views, duration) go on by page number.
 */
export const searchVideosQueryOptions = (q: string, options: VideoSearchOptions = {}) => {
  const byCursor = (options.sortBy ?? 'createdAt') === 'createdAt';
  return infiniteQueryOptions({
    queryKey: videoKeys.search(q, options),
    queryFn: ({ pageParam, signal }) => searchVideos(q, options, pageParam, signal),
    initialPageParam: FIRST_PAGE as ListPageParam,
    getNextPageParam: (last, _all, previous) => nextPageParam(last, previous, byCursor),
    enabled: q.trim() !== '',
    // Suggestions are ordered from these results; a refetch on focus would reorder them.
    refetchOnWindowFocus: false,
  });
};

export function useSearchVideos(q: string, options: VideoSearchOptions = {}) {
  return useInfiniteQuery(searchVideosQueryOptions(q, options));
}
