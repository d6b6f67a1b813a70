import { API_PATHS } from '@contract';
import type { StudioVideoList } from '@contract';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { FIRST_PAGE, nextPageParam, type ListPageParam } from '../../../lib/list-pages';
import { studioVideosSearch, type StudioSort } from '../utils/sort-params';
import { anyProcessing, PROCESSING_POLL_MS } from '../../videos';
import { studioKeys } from './query-keys';

/** Rows per page: the server sorts and slices, so a channel with thousands of videos stays fast. */
export const STUDIO_PAGE_SIZE = 20;

export type StudioVideosParams = { page: number; limit: number; cursor?: string } & StudioSort;

/** One page of the caller's videos (any visibility), read at the top level like getallvideos. */
export function getStudioVideos(
  params: StudioVideosParams,
  signal?: AbortSignal,
): Promise<StudioVideoList> {
  const search = studioVideosSearch(params.page, params.limit, params, params.cursor);
  return apiRequest<StudioVideoList>(`${API_PATHS.studioVideos}?${search}`, { signal });
}

/** One page at a time (the analytics video picker). */
export function useStudioVideos(params: StudioVideosParams) {
  return useQuery({
    queryKey: studioKeys.videos(params),
    queryFn: ({ signal }) => getStudioVideos(params, signal),
    // Keeps the table on screen while the next page or sort order loads.
    placeholderData: keepPreviousData,
    // The table follows videos still being processed until they are ready.
    refetchInterval: (query) =>
      anyProcessing(query.state.data?.data) ? PROCESSING_POLL_MS : false,
  });
}

/**
 * The content table as an endless list in the chosen order: by cursor for time and title,
 * by page number for the counts (views, likes, comments), which move while one scrolls.
 */
export function useStudioVideoPages(sort: StudioSort) {
  const byCursor = sort.sortBy === 'createdAt' || sort.sortBy === 'title';
  return useInfiniteQuery({
    queryKey: studioKeys.videoPagesOf(sort),
    queryFn: ({ pageParam, signal }) =>
      getStudioVideos({ ...sort, limit: STUDIO_PAGE_SIZE, ...pageParam }, signal),
    initialPageParam: FIRST_PAGE as ListPageParam,
    getNextPageParam: (last, _all, previous) => nextPageParam(last, previous, byCursor),
    // The table follows videos still being processed until they are ready.
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => anyProcessing(page.data)) ? PROCESSING_POLL_MS : false,
  });
}
