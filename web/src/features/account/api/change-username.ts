import { API_PATHS } from '@contract';
import type { SessionUser } from '@contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';
import { sessionQueryKey } from '../../auth';

export async function changeUsername(username: string): Promise<SessionUser> {
  return (
    await apiData<{ user: SessionUser }>(API_PATHS.changeUsername, {
      method: 'POST',
      json: { username },
    })
  ).user;
}

export function useChangeUsername() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeUsername,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
