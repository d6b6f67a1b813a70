import { API_PATHS } from '@contract';
import type { StudioDashboard } from '@contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';
import { studioKeys } from './query-keys';

/** The caller's channel at a glance; every figure on the dashboard comes from this answer. */
export function getDashboard(signal?: AbortSignal): Promise<StudioDashboard> {
  return apiData<StudioDashboard>(API_PATHS.studioDashboard, { signal });
}

export function useDashboard() {
  return useQuery({
    queryKey: studioKeys.dashboard(),
    queryFn: ({ signal }) => getDashboard(signal),
  });
}
