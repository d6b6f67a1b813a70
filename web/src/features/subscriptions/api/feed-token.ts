import { API_PATHS, type FeedToken } from '@contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';
import { subscriptionKeys } from './subscription-keys';

/** Whether the caller has a private subscriptions feed link (never the link itself). */
export function useFeedToken() {
  return useQuery({
    queryKey: subscriptionKeys.feedToken(),
    queryFn: ({ signal }) => apiData<FeedToken>(API_PATHS.feedToken, { signal }),
  });
}

/** Makes a new link (answered once) or removes it; either way the old one stops working. */
export function useChangeFeedToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: 'new' | 'remove') =>
      apiData<FeedToken>(API_PATHS.feedToken, {
        method: action === 'new' ? 'POST' : 'DELETE',
      }),
    onSuccess: (token) =>
      client.setQueryData(subscriptionKeys.feedToken(), { ...token, url: null }),
  });
}
