import { API_PATHS, type NotificationList } from '@contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { notificationKeys } from './notification-keys';

export function getNotifications(page: number, signal?: AbortSignal): Promise<NotificationList> {
  const params = new URLSearchParams({ page: String(page), limit: '20' });
  return apiRequest<NotificationList>(`${API_PATHS.notifications}?${params.toString()}`, {
    signal,
  });
}

/** The newest notifications, read when the panel opens. */
export function useNotifications(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: notificationKeys.list(),
    queryFn: ({ pageParam, signal }) => getNotifications(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.currentPage + 1 : undefined),
    enabled,
    staleTime: 0,
  });
}
