import { API_PATHS } from '@contract';
import type { AdminUser } from '@contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys, type AdminPage } from './admin-keys';

export type AdminUserPage = AdminPage<AdminUser> & { pendingCount: number };

/** `query` is the list's API query string (page, limit, query, state, role). */
export function getUsers(query: string, signal?: AbortSignal): Promise<AdminUserPage> {
  return apiRequest<AdminUserPage>(`${API_PATHS.adminUsers}?${query}`, { signal });
}

export function useUsers(query: string) {
  return useQuery({
    queryKey: adminKeys.users(query),
    queryFn: ({ signal }) => getUsers(query, signal),
    placeholderData: keepPreviousData,
  });
}
