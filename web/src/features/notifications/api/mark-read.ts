import { API_PATHS, type UnreadCount } from '@contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';
import { notificationKeys } from './notification-keys';

/** Marks some notifications read, or all of them without ids; the bell and the list follow. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: string[]) =>
      apiData<UnreadCount>(API_PATHS.notificationsRead, {
        method: 'POST',
        json: ids ? { ids } : {},
      }),
    onSuccess: ({ unread }) => {
      // A fresh count with no ETag: the next poll answers in full.
      queryClient.setQueryData(notificationKeys.unread(), { unread, etag: null });
      return queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
    },
  });
}
