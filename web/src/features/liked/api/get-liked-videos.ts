import { API_PATHS } from '@contract';
import type { LikedVideos } from '@contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { videoListRoots } from '../../../lib/video-lists';

/** The viewer's liked videos, newest like first; the totals are read at the top level. */
export function getLikedVideos(signal?: AbortSignal): Promise<LikedVideos> {
  return apiRequest<LikedVideos>(API_PATHS.likedVideos, { signal });
}

export const likedVideosQueryOptions = (enabled = true) =>
  queryOptions({
    queryKey: videoListRoots.likedVideos,
    queryFn: ({ signal }) => getLikedVideos(signal),
    enabled,
  });

export function useLikedVideos(enabled = true) {
  return useQuery(likedVideosQueryOptions(enabled));
}
