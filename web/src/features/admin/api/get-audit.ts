import { API_PATHS } from '@contract';
import type { AuditEntry } from '@contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys, type AdminPage } from './admin-keys';

export function getAudit(query: string, signal?: AbortSignal) {
  return apiRequest<AdminPage<AuditEntry>>(`${API_PATHS.adminAudit}?${query}`, { signal });
}

export function useAudit(query: string) {
  return useQuery({
    queryKey: adminKeys.audit(query),
    queryFn: ({ signal }) => getAudit(query, signal),
    placeholderData: keepPreviousData,
  });
}
