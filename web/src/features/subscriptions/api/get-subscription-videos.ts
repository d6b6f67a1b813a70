import { API_PATHS, LIMITS } from '@contract';
import type { VideoList } from '@contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { subscriptionKeys } from './subscription-keys';

/** Latest public videos of the caller's subscriptions, read at the top level like the feed. */
export function getSubscriptionVideos(signal?: AbortSignal): Promise<VideoList> {
  const search = new URLSearchParams({ page: '1', limit: String(LIMITS.feedPageSize) });
  return apiRequest<VideoList>(`${API_PATHS.subscriptionVideos}?${search.toString()}`, {
    signal,
  });
}

export const subscriptionVideosQueryOptions = () =>
  queryOptions({
    queryKey: subscriptionKeys.videos(),
    queryFn: ({ signal }) => getSubscriptionVideos(signal),
  });

export function useSubscriptionVideos() {
  return useQuery(subscriptionVideosQueryOptions());
}
