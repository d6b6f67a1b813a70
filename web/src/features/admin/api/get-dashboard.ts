import { API_PATHS } from '@contract';
import type { AdminDashboard } from '@contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export function getDashboard(signal?: AbortSignal): Promise<AdminDashboard> {
  return apiData<AdminDashboard>(API_PATHS.adminDashboard, { signal });
}

export function useDashboard() {
  return useQuery({
    queryKey: adminKeys.dashboard(),
    queryFn: ({ signal }) => getDashboard(signal),
  });
}
