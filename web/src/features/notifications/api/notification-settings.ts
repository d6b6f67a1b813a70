import { API_PATHS, type NotificationSettings } from '@contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';
import { notificationKeys } from './notification-keys';

export function useNotificationSettings() {
  return useQuery({
    queryKey: notificationKeys.settings(),
    queryFn: ({ signal }) =>
      apiData<NotificationSettings>(API_PATHS.notificationSettings, { signal }),
  });
}

export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: Partial<NotificationSettings>) =>
      apiData<NotificationSettings>(API_PATHS.notificationSettings, {
        method: 'PATCH',
        json: patch,
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(notificationKeys.settings(), saved);
      // What the list and the count include follows the settings.
      return queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}
