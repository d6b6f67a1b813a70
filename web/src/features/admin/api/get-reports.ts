import { API_PATHS } from '@contract';
import type { AdminReport } from '@contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys, type AdminPage } from './admin-keys';

export function getReports(query: string, signal?: AbortSignal) {
  return apiRequest<AdminPage<AdminReport>>(`${API_PATHS.adminReports}?${query}`, { signal });
}

export function useReports(query: string) {
  return useQuery({
    queryKey: adminKeys.reports(query),
    queryFn: ({ signal }) => getReports(query, signal),
    placeholderData: keepPreviousData,
  });
}
