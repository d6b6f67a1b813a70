import { API_PATHS } from '@contract';
import type { VideoList } from '@contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** How many videos the account has, private and unlisted ones included (its owner asks). */
export async function fetchOwnVideoCount(userId: string, signal?: AbortSignal): Promise<number> {
  const search = new URLSearchParams({ query: userId, page: '1', limit: '1' });
  const list = await apiRequest<VideoList>(`${API_PATHS.videos}?${search.toString()}`, { signal });
  return list.totalVideos;
}

export function useOwnVideoCount(userId: string) {
  return useQuery({
    queryKey: ['account', 'own-video-count', userId],
    queryFn: ({ signal }) => fetchOwnVideoCount(userId, signal),
  });
}
