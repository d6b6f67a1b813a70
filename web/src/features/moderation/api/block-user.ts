import { API_PATHS } from '@contract';
import type { BlockedUser } from '@contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';

export const blockedUsersKey = ['blocked-users'] as const;

/** The users the signed-in creator keeps from commenting on their videos. */
export function getBlockedUsers(signal?: AbortSignal): Promise<BlockedUser[]> {
  return apiData<BlockedUser[]>(API_PATHS.myBlockedUsers, { signal });
}

export function useBlockedUsers() {
  return useQuery({ queryKey: blockedUsersKey, queryFn: ({ signal }) => getBlockedUsers(signal) });
}

export function setBlocked(input: { userId: string; blocked: boolean }) {
  return apiData<{ _id: string; blocked: boolean }>(API_PATHS.myBlockedUser(input.userId), {
    method: input.blocked ? 'POST' : 'DELETE',
  });
}

/** Blocks or lets back a user; the blocked list is read again either way. */
export function useSetBlocked() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setBlocked,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blockedUsersKey }),
  });
}
