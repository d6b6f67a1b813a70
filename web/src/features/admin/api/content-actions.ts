import { API_PATHS } from '@contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export type ContentAction =
  | { kind: 'block'; id: string; reason: string }
  | { kind: 'unblock'; id: string; reason?: string }
  | { kind: 'delete-comment'; id: string; reason: string }
  | { kind: 'resolve'; id: string; note?: string }
  | { kind: 'dismiss'; id: string; note?: string };

export function runContentAction(action: ContentAction): Promise<unknown> {
  switch (action.kind) {
    case 'block':
      return apiData(API_PATHS.adminBlockVideo(action.id), { json: { reason: action.reason } });
    case 'unblock':
      return apiData(API_PATHS.adminUnblockVideo(action.id), {
        json: action.reason ? { reason: action.reason } : {},
      });
    case 'delete-comment':
      return apiData(API_PATHS.adminComment(action.id), {
        method: 'DELETE',
        json: { reason: action.reason },
      });
    case 'resolve':
      return apiData(API_PATHS.adminResolveReport(action.id), {
        json: action.note ? { note: action.note } : {},
      });
    case 'dismiss':
      return apiData(API_PATHS.adminDismissReport(action.id), {
        json: action.note ? { note: action.note } : {},
      });
  }
}

/** Blocking, deleting or deciding a report: the console's lists and counts are read again. */
export function useContentAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runContentAction,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
