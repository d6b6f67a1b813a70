import { API_PATHS, LIMITS } from '@contract';
import type { VideoList } from '@contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { videoKeys } from './query-keys';

export type VideoListParams = {
  page?: number;
  limit?: number;
  /** A user id: that user's videos instead of the public feed. */
  userId?: string;
};

/** The list answer is read at the top level: `data` plus the paging totals beside it. */
export function getVideos(params: VideoListParams = {}, signal?: AbortSignal): Promise<VideoList> {
  const search = new URLSearchParams({
    page: String(params.page ?? 1),
    limit: String(params.limit ?? LIMITS.feedPageSize),
  });
  if (params.userId) search.set('query', params.userId);
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
export function useVideos(params: VideoListParams = {}) {
  return useQuery(videosQueryOptions(params));
}
