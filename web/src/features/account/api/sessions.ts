import { API_PATHS } from '@contract';
import type { SessionInfo } from '@contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';

export const sessionsQueryKey = ['account', 'sessions'] as const;

export function fetchSessions(signal?: AbortSignal): Promise<SessionInfo[]> {
  return apiData<SessionInfo[]>(API_PATHS.sessions, { signal });
}

export function useSessions() {
  return useQuery({ queryKey: sessionsQueryKey, queryFn: ({ signal }) => fetchSessions(signal) });
}
