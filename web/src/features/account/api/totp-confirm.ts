import { API_PATHS } from '@contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';
import { sessionQueryKey } from '../../auth';

export async function confirmTotp(code: string): Promise<string[]> {
  return (
    await apiData<{ recoveryCodes: string[] }>(API_PATHS.totpConfirm, {
      method: 'POST',
      json: { code },
    })
  ).recoveryCodes;
}

export function useConfirmTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTotp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
