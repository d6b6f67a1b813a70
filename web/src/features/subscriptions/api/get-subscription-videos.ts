import { API_PATHS, LIMITS } from '@contract';
import type { VideoList } from '@contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import {
  FIRST_PAGE,
  nextPageParam,
  withPageParam,
  type ListPageParam,
} from '../../../lib/list-pages';
import { subscriptionKeys } from './subscription-keys';

/** Latest public videos of the caller's subscriptions, read at the top level like the feed. */
export function getSubscriptionVideos(
  param: ListPageParam = FIRST_PAGE,
  signal?: AbortSignal,
): Promise<VideoList> {
  const search = withPageParam(new URLSearchParams({ limit: String(LIMITS.feedPageSize) }), param);
  return apiRequest<VideoList>(`${API_PATHS.subscriptionVideos}?${search.toString()}`, {
    signal,
  });
}

/** Every page read so far, newest first; the next follows the last one's cursor. */
export const subscriptionVideosQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: subscriptionKeys.videos(),
    queryFn: ({ pageParam, signal }) => getSubscriptionVideos(pageParam, signal),
    initialPageParam: FIRST_PAGE as ListPageParam,
    getNextPageParam: (last, _all, previous) => nextPageParam(last, previous, true),
  });

export function useSubscriptionVideos() {
  return useInfiniteQuery(subscriptionVideosQueryOptions());
}
