import { API_PATHS } from '@contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Deletes the signed-in account: with its password, or (none) after a fresh Google sign-in. */
export function deleteAccount(body: { password?: string }): Promise<unknown> {
  return apiRequest(API_PATHS.me, { method: 'DELETE', json: body });
}

/** What happens after (leaving the page signed out) is the caller's: see DeleteAccountForm. */
export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
