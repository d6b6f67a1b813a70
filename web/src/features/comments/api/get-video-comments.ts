import { API_PATHS, LIMITS } from '@contract';
import type { CommentList } from '@contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { commentKeys } from './query-keys';

/** One page of top-level comments, newest first, each with its replies (fields at top level). */
export function getVideoComments(
  videoId: string,
  page: number,
  signal?: AbortSignal,
): Promise<CommentList> {
  const params = new URLSearchParams({
    page: String(page),
    limit: String(LIMITS.commentsPageSize),
  });
  return apiRequest<CommentList>(`${API_PATHS.videoComments(videoId)}?${params}`, { signal });
}

export const videoCommentsQueryOptions = (videoId: string) =>
  infiniteQueryOptions({
    queryKey: commentKeys.list(videoId),
    queryFn: ({ pageParam, signal }) => getVideoComments(videoId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.currentPage < last.totalPages ? last.currentPage + 1 : undefined,
  });

export function useVideoComments(videoId: string, enabled: boolean) {
  return useInfiniteQuery({ ...videoCommentsQueryOptions(videoId), enabled });
}
