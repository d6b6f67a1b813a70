import { API_PATHS } from '@contract';
import type { CheckSession } from '@contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, isApiError } from '../../../lib/api-client';
import { SIGNED_OUT, sessionQueryKey, signedIn, type SessionState } from './session-keys';

/**
 * Asks the server who the visitor is. Any failure counts as signed out so the app can
 * still render; a 401 is the expected answer for an expired cookie and is not worth logging.
 */
export async function checkSession(signal?: AbortSignal): Promise<SessionState> {
  try {
    const answer = await apiRequest<CheckSession>(API_PATHS.checkSession, { signal });
    return answer.isAuthenticated && answer.user ? signedIn(answer.user) : SIGNED_OUT;
  } catch (error) {
    if (signal?.aborted) throw error;
    if (!(isApiError(error) && error.status === 401)) console.error('Session check failed', error);
    return SIGNED_OUT;
  }
}

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: ({ signal }) => checkSession(signal),
  staleTime: 5 * 60_000,
  retry: false,
});

export function useSessionQuery() {
  return useQuery(sessionQueryOptions);
}
