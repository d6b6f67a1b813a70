import { API_PATHS, NOTIFICATION_KINDS, type NotificationSettings } from '@contract';
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

const UPDATE_KEY = [...notificationKeys.settings(), 'update'] as const;

/** `settings` with the kinds `patch` names taken from `from`. */
function withKindsOf(
  settings: NotificationSettings,
  patch: Partial<NotificationSettings>,
  from: Partial<NotificationSettings>,
): NotificationSettings {
  const next = { ...settings };
  for (const kind of NOTIFICATION_KINDS) {
    if (patch[kind] !== undefined && from[kind] !== undefined) next[kind] = from[kind];
  }
  return next;
}

/**
 * Switches kinds of notification, each shown switched at once and saved in the background, so
 * one switch never waits for another. A failed save switches back only the kinds it sent. The
 * settings are read again once the last save in flight settles: an earlier save's answer,
 * arriving after a later one's, would otherwise show the older state.
 */
export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  const key = notificationKeys.settings();
  return useMutation({
    mutationKey: UPDATE_KEY,
    mutationFn: (patch: Partial<NotificationSettings>) =>
      apiData<NotificationSettings>(API_PATHS.notificationSettings, {
        method: 'PATCH',
        json: patch,
      }),
    onMutate: async (patch) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<NotificationSettings>(key);
      if (before) queryClient.setQueryData(key, withKindsOf(before, patch, patch));
      return { before };
    },
    onError: (_error, patch, context) => {
      const now = queryClient.getQueryData<NotificationSettings>(key);
      if (now && context?.before) {
        queryClient.setQueryData(key, withKindsOf(now, patch, context.before));
      }
    },
    onSettled: () => {
      if (queryClient.isMutating({ mutationKey: UPDATE_KEY }) > 1) return;
      // What the list and the count include follows the settings.
      return queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}
