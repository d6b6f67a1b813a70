import { API_PATHS } from '@contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';
import { sessionQueryKey } from '../../auth';

export function verifyEmail(token: string): Promise<{ email: string }> {
  return apiData<{ email: string }>(API_PATHS.verifyEmail, { method: 'POST', json: { token } });
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    // The signed-in user (if any) now shows the confirmed or changed address.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
