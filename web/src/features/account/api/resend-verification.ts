import { API_PATHS } from '@contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function resendVerification(): Promise<unknown> {
  return apiRequest(API_PATHS.resendVerification, { method: 'POST' });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
