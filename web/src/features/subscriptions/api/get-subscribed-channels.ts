import { API_PATHS } from '@contract';
import type { SubscriptionItem } from '@contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';
import { subscriptionKeys } from './subscription-keys';

/** The channels a user subscribes to, newest subscription first; the server allows only your own. */
export function getSubscribedChannels(
  userId: string,
  signal?: AbortSignal,
): Promise<SubscriptionItem[]> {
  return apiData<SubscriptionItem[]>(API_PATHS.subscribedChannels(userId), { signal });
}

export const subscribedChannelsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: subscriptionKeys.channels(userId),
    queryFn: ({ signal }) => getSubscribedChannels(userId, signal),
    enabled: userId !== '',
  });

export function useSubscribedChannels(userId: string) {
  return useQuery(subscribedChannelsQueryOptions(userId));
}
