import { API_PATHS } from '@contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function changePassword(body: {
  currentPassword: string;
  newPassword: string;
}): Promise<unknown> {
  return apiRequest(API_PATHS.changePassword, { method: 'POST', json: body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
