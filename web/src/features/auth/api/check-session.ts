import { API_PATHS } from '@contract';
import type { CheckSession } from '@contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, isApiError } from '../../../lib/api-client';
import { isServerAway } from '../../../lib/query-client';
import { SIGNED_OUT, sessionQueryKey, signedIn, type SessionState } from './session-keys';

/**
 * Asks the server who the visitor is. A refusal counts as signed out so the app can still
 * render; a 401 is the expected answer for an expired cookie and is not worth logging. A server
 * that is away says nothing about the session: the question is asked again until it answers,
 * and a signed-in tab stays signed in meanwhile.
 */
export async function checkSession(signal?: AbortSignal): Promise<SessionState> {
  try {
    const answer = await apiRequest<CheckSession>(API_PATHS.checkSession, { signal });
    return answer.isAuthenticated && answer.user ? signedIn(answer.user) : SIGNED_OUT;
  } catch (error) {
    if (signal?.aborted || isServerAway(error)) throw error;
    if (!(isApiError(error) && error.status === 401)) console.error('Session check failed', error);
    return SIGNED_OUT;
  }
}

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: ({ signal }) => checkSession(signal),
  staleTime: 5 * 60_000,
});

export function useSessionQuery() {
  return useQuery(sessionQueryOptions);
}
