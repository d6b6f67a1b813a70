import { API_BASE, API_PATHS, type Envelope, type UnreadCount } from '@contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, toApiError } from '../../../lib/api-client';
import { NOTIFICATIONS_POLL_MS } from '../utils/notification-text';
import { notificationKeys } from './notification-keys';

/** The count with the ETag it came with, so the next poll can ask "changed?" */
export interface UnreadState {
  unread: number;
  etag: string | null;
}

/**
 * Polls the unread count. With the last answer's ETag the server answers 304 while the count
 * is the same: no body, and the same object back, so nothing re-renders. Polling rather than
 * a held connection: any server process may answer, and nothing is pushed between them.
 */
export async function pollUnread(
  previous: UnreadState | undefined,
  signal?: AbortSignal,
): Promise<UnreadState> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (previous?.etag) headers['If-None-Match'] = previous.etag;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${API_PATHS.notificationsUnread}`, {
      credentials: 'include',
      headers,
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, '');
  }
  if (response.status === 304 && previous) return previous;
  const body = (await response.json().catch(() => null)) as Envelope<UnreadCount> | null;
  if (!response.ok || !body) throw toApiError(response.status, body);
  return { unread: body.data.unread, etag: response.headers.get('etag') };
}

export function useUnreadCount(enabled: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: notificationKeys.unread(),
    queryFn: ({ signal }) =>
      pollUnread(queryClient.getQueryData<UnreadState>(notificationKeys.unread()), signal),
    enabled,
    refetchInterval: NOTIFICATIONS_POLL_MS,
    // Coming back to the tab asks at once.
    staleTime: 0,
  });
}
