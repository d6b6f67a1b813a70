import { API_PATHS } from '@contract';
import type { TotpSetup } from '@contract';
import { useMutation } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';

export function startTotpSetup(): Promise<TotpSetup> {
  return apiData<TotpSetup>(API_PATHS.totp, { method: 'POST' });
}

export function useStartTotpSetup() {
  return useMutation({ mutationFn: startTotpSetup });
}
