import { API_PATHS } from '@contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** 202 whether or not an account has the address; the answer's message says what happens. */
export async function requestPasswordReset(email: string): Promise<string> {
  const answer = await apiRequest<{ message: string }>(API_PATHS.passwordReset, {
    method: 'POST',
    json: { email },
  });
  return answer.message;
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
