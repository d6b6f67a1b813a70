import { API_PATHS } from '@contract';
import type { LikedVideos } from '@contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import {
  FIRST_PAGE,
  nextPageParam,
  withPageParam,
  type ListPageParam,
} from '../../../lib/list-pages';
import { videoListRoots } from '../../../lib/video-lists';

/** The viewer's liked videos, newest like first; the totals are read at the top level. */
export function getLikedVideos(
  param: ListPageParam = FIRST_PAGE,
  signal?: AbortSignal,
): Promise<LikedVideos> {
  const search = withPageParam(new URLSearchParams(), param);
  return apiRequest<LikedVideos>(`${API_PATHS.likedVideos}?${search.toString()}`, { signal });
}

/** Every page read so far (100 videos each, the server's default); the next follows the cursor. */
export const likedVideosQueryOptions = (enabled = true) =>
  infiniteQueryOptions({
    queryKey: videoListRoots.likedVideos,
    queryFn: ({ pageParam, signal }) => getLikedVideos(pageParam, signal),
    initialPageParam: FIRST_PAGE as ListPageParam,
    getNextPageParam: (last, _all, previous) => nextPageParam(last, previous, true),
    enabled,
  });

export function useLikedVideos(enabled = true) {
  return useInfiniteQuery(likedVideosQueryOptions(enabled));
}
