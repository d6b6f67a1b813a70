import { API_PATHS } from '@contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sessionQueryKey } from '../../auth';

export function confirmPasswordReset(body: { token: string; password: string }): Promise<unknown> {
  return apiRequest(API_PATHS.passwordResetConfirm, { method: 'POST', json: body });
}

export function useConfirmPasswordReset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmPasswordReset,
    // Every session of the account ended, this browser's too if it was signed in.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
