import { API_PATHS } from '@contract';
import type { AdminVideo } from '@contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys, type AdminPage } from './admin-keys';

export function getAdminVideos(query: string, signal?: AbortSignal) {
  return apiRequest<AdminPage<AdminVideo>>(`${API_PATHS.adminVideos}?${query}`, { signal });
}

export function useAdminVideos(query: string) {
  return useQuery({
    queryKey: adminKeys.videos(query),
    queryFn: ({ signal }) => getAdminVideos(query, signal),
    placeholderData: keepPreviousData,
  });
}
