import { API_PATHS } from '@contract';
import type { StudioComment } from '@contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData, apiRequest } from '../../../lib/api-client';
import { studioKeys } from './query-keys';

export type HeldCommentPage = {
  data: StudioComment[];
  total: number;
  totalPages: number;
  currentPage: number;
};

export const HELD_PAGE_SIZE = 20;

const heldKey = (page: number) => [...studioKeys.all, 'held-comments', page] as const;

/** Comments on the caller's videos waiting for their approval, newest first. */
export function getHeldComments(page: number, signal?: AbortSignal): Promise<HeldCommentPage> {
  return apiRequest<HeldCommentPage>(
    `${API_PATHS.studioHeldComments}?page=${page}&limit=${HELD_PAGE_SIZE}`,
    { signal },
  );
}

export function useHeldComments(page: number) {
  return useQuery({
    queryKey: heldKey(page),
    queryFn: ({ signal }) => getHeldComments(page, signal),
    placeholderData: keepPreviousData,
  });
}

/** Approve shows the comment to everyone; delete removes it (and its replies). */
export function useDecideHeldComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, approve }: { id: string; approve: boolean }) =>
      approve
        ? apiData<{ _id: string }>(API_PATHS.studioApproveComment(id), { method: 'POST' })
        : apiData<{ _id: string }>(API_PATHS.deleteComment(id), { method: 'DELETE' }),
    // The list, the dashboard's latest comments and the counts all move.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studioKeys.all }),
  });
}
