import { API_PATHS, LIMITS } from '@contract';
import type { VideoList } from '@contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { videoKeys } from '../../videos';

/** A channel's videos, newest first; the owner also gets their private and unlisted ones. */
export function getChannelVideos(userId: string, signal?: AbortSignal): Promise<VideoList> {
  const search = new URLSearchParams({
    query: userId,
    page: '1',
    limit: String(LIMITS.feedPageSize),
    sortBy: 'createdAt',
    sortType: 'desc',
  });
  return apiRequest<VideoList>(`${API_PATHS.videos}?${search.toString()}`, { signal });
}

export const channelVideosQueryOptions = (userId: string) =>
  queryOptions({
    // Under the video lists so uploads and deletions elsewhere refresh it too.
    queryKey: [...videoKeys.lists(), 'channel', userId] as const,
    queryFn: ({ signal }) => getChannelVideos(userId, signal),
    enabled: userId !== '',
  });

export function useChannelVideos(userId: string) {
  return useQuery(channelVideosQueryOptions(userId));
}
