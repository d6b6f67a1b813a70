import { API_PATHS, LIMITS, type VideoList } from '@contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { videoKeys } from './query-keys';

/** The public videos most watched lately, recent views weighing most. */
export function getTrendingVideos(signal?: AbortSignal): Promise<VideoList> {
  const search = new URLSearchParams({ page: '1', limit: String(LIMITS.trendingMax) });
  return apiRequest<VideoList>(`${API_PATHS.trendingVideos}?${search.toString()}`, { signal });
}

export function useTrendingVideos() {
  return useQuery(
    queryOptions({
      queryKey: videoKeys.trending(),
      queryFn: ({ signal }) => getTrendingVideos(signal),
    }),
  );
}
