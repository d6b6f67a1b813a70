import { API_PATHS, LIMITS } from '@contract';
import type { DurationFilter, SearchSortField, UploadDateFilter, VideoSearchList } from '@contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
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
  signal?: AbortSignal,
): Promise<VideoSearchList> {
  const search = new URLSearchParams({ q, page: '1', limit: String(LIMITS.feedPageSize) });
  for (const [name, value] of Object.entries(options)) {
    if (value) search.set(name, value);
  }
  return apiRequest<VideoSearchList>(`${API_PATHS.searchVideos}?${search.toString()}`, { signal });
}

export const searchVideosQueryOptions = (q: string, options: VideoSearchOptions = {}) =>
  queryOptions({
    queryKey: videoKeys.search(q, options),
    queryFn: ({ signal }) => searchVideos(q, options, signal),
    enabled: q.trim() !== '',
  });

export function useSearchVideos(q: string, options: VideoSearchOptions = {}) {
  return useQuery(searchVideosQueryOptions(q, options));
}
