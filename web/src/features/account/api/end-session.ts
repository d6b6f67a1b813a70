import { API_PATHS } from '@contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';
import { sessionQueryKey } from '../../auth';
import { sessionsQueryKey } from './sessions';

export function endSession(id: string): Promise<{ current: boolean }> {
  return apiData<{ current: boolean }>(API_PATHS.session(id), { method: 'DELETE' });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSuccess: (result) =>
      queryClient.invalidateQueries({
        queryKey: result.current ? sessionQueryKey : sessionsQueryKey,
      }),
  });
}
