import { API_PATHS, LIMITS } from '@contract';
import type { VideoList } from '@contract';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { FIRST_PAGE, nextPageParam, type ListPageParam } from '../../../lib/list-pages';
import { videoKeys } from './query-keys';

export type VideoListParams = {
  page?: number;
  limit?: number;
  /** A user id: that user's videos instead of the public feed. */
  userId?: string;
  /** A page after the one that gave this cursor (keyset paging). */
  cursor?: string;
  /** Newest first unless told otherwise. */
  sortBy?: 'createdAt' | 'title' | 'duration' | 'views';
  sortType?: 'asc' | 'desc';
};

/** The list answer is read at the top level: `data` plus the paging totals beside it. */
export function getVideos(params: VideoListParams = {}, signal?: AbortSignal): Promise<VideoList> {
  const search = new URLSearchParams({
    page: String(params.page ?? 1),
    limit: String(params.limit ?? LIMITS.feedPageSize),
  });
  if (params.userId) search.set('query', params.userId);
  if (params.sortBy) search.set('sortBy', params.sortBy);
  if (params.sortType) search.set('sortType', params.sortType);
  if (params.cursor) search.set('cursor', params.cursor);
  return apiRequest<VideoList>(`${API_PATHS.videos}?${search.toString()}`, { signal });
}

export const videosQueryOptions = (params: VideoListParams = {}) => {
  const page = params.page ?? 1;
  const limit = params.limit ?? LIMITS.feedPageSize;
  return queryOptions({
    queryKey: videoKeys.list({ page, limit, userId: params.userId }),
    queryFn: ({ signal }) => getVideos({ page, limit, userId: params.userId }, signal),
    placeholderData: keepPreviousData,
    // The feed is shuffled on arrival; refetching on every tab switch would reshuffle it
    // under the viewer's pointer.
    refetchOnWindowFocus: false,
  });
};

/** The public feed (page 1, 60 videos) unless told otherwise. */
export function useVideos(params: VideoListParams = {}, enabled = true) {
  return useQuery({ ...videosQueryOptions(params), enabled });
}

type PagedParams = Omit<VideoListParams, 'page' | 'cursor'>;

/**
 * The feed or a channel's videos as an endless list: page after page, each after the last
 * row of the one before (orders no cursor follows, views and duration, go by page number).
 */
export const videoPagesQueryOptions = (params: PagedParams = {}) =>
  infiniteQueryOptions({
    queryKey: videoKeys.pages(params),
    queryFn: ({ pageParam, signal }) =>
      getVideos({ ...params, page: pageParam.page, cursor: pageParam.cursor }, signal),
    initialPageParam: FIRST_PAGE as ListPageParam,
    getNextPageParam: (last, _all, previous) =>
      nextPageParam(
        last,
        previous,
        params.sortBy === undefined || params.sortBy === 'createdAt' || params.sortBy === 'title',
      ),
    // The feed is shuffled on arrival; refetching on every tab switch would reshuffle it.
    refetchOnWindowFocus: false,
  });

export function useVideoPages(params: PagedParams = {}) {
  return useInfiniteQuery(videoPagesQueryOptions(params));
}
