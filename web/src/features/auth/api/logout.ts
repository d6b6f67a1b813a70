import { API_PATHS } from '@contract';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest, isApiError } from '../../../lib/api-client';
import { SIGNED_OUT, sessionQueryKey } from './session-keys';

export async function logout(): Promise<void> {
  try {
    await apiRequest(API_PATHS.logout, { method: 'POST' });
  } catch (error) {
    // An already-expired session is the outcome the user asked for.
    if (isApiError(error) && error.status === 401) return;
    console.error('Sign out failed', error);
    throw error;
  }
}

/** Forgets the signed-in user and every answer fetched with their identity. */
export function clearSessionCache(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
  queryClient.setQueryData(sessionQueryKey, SIGNED_OUT);
}

/**
 * The server call only. Clearing local state is left to the caller because the moment it
 * happens relative to navigation decides which route guard gets to react.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onError: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
