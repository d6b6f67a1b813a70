import { API_PATHS } from '@contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sessionQueryKey } from '../../auth';

/** Answers the server's message: where the link went, or that the address changed. */
export async function changeEmail(body: { email: string; password?: string }): Promise<string> {
  const answer = await apiRequest<{ message: string }>(API_PATHS.changeEmail, {
    method: 'POST',
    json: body,
  });
  return answer.message;
}

export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
