import { API_PATHS } from '@contract';
import type { AdminUser, Role } from '@contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export type UserAction =
  | { kind: 'suspend'; id: string; reason: string }
  | { kind: 'unsuspend'; id: string; reason?: string }
  | { kind: 'approve'; id: string }
  | { kind: 'twoFactorOff'; id: string; reason?: string }
  | { kind: 'password'; id: string; password: string; reason?: string }
  | { kind: 'delete'; id: string; reason: string }
  | { kind: 'role'; id: string; role: Role }
  | { kind: 'quota'; id: string; quotaBytes: number | null };

export function runUserAction(action: UserAction): Promise<AdminUser | { _id: string }> {
  switch (action.kind) {
    case 'suspend':
      return apiData(API_PATHS.adminSuspendUser(action.id), { json: { reason: action.reason } });
    case 'unsuspend':
      return apiData(API_PATHS.adminUnsuspendUser(action.id), {
        json: action.reason ? { reason: action.reason } : {},
      });
    case 'approve':
      return apiData(API_PATHS.adminApproveUser(action.id), { json: {} });
    case 'twoFactorOff':
      return apiData(API_PATHS.adminUserTwoFactorOff(action.id), {
        json: action.reason ? { reason: action.reason } : {},
      });
    case 'password':
      return apiData(API_PATHS.adminUserPassword(action.id), {
        json: action.reason
          ? { password: action.password, reason: action.reason }
          : { password: action.password },
      });
    case 'delete':
      return apiData(API_PATHS.adminUser(action.id), {
        method: 'DELETE',
        json: { reason: action.reason },
      });
    case 'role':
      return apiData(API_PATHS.adminUser(action.id), {
        method: 'PATCH',
        json: { role: action.role },
      });
    case 'quota':
      return apiData(API_PATHS.adminUser(action.id), {
        method: 'PATCH',
        json: { quotaBytes: action.quotaBytes },
      });
  }
}

/** Any action on an account: every console list and count may move, so all are read again. */
export function useUserAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runUserAction,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
