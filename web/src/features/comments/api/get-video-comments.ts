import { API_PATHS, LIMITS } from '@contract';
import type { CommentList } from '@contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import {
  FIRST_PAGE,
  nextPageParam,
  withPageParam,
  type ListPageParam,
} from '../../../lib/list-pages';
import { commentKeys } from './query-keys';

/** One page of top-level comments, newest first, each with its replies (fields at top level). */
export function getVideoComments(
  videoId: string,
  param: ListPageParam,
  signal?: AbortSignal,
): Promise<CommentList> {
  const params = withPageParam(
    new URLSearchParams({ limit: String(LIMITS.commentsPageSize) }),
    param,
  );
  return apiRequest<CommentList>(`${API_PATHS.videoComments(videoId)}?${params}`, { signal });
}

/** Every page read so far; the next starts after the last comment shown (its cursor). */
export const videoCommentsQueryOptions = (videoId: string) =>
  infiniteQueryOptions({
    queryKey: commentKeys.list(videoId),
    queryFn: ({ pageParam, signal }) => getVideoComments(videoId, pageParam, signal),
    initialPageParam: FIRST_PAGE as ListPageParam,
    getNextPageParam: (last, _all, previous) => nextPageParam(last, previous, true),
  });

export function useVideoComments(videoId: string, enabled: boolean) {
  return useInfiniteQuery({ ...videoCommentsQueryOptions(videoId), enabled });
}
