import { API_BASE, API_PATHS } from '@contract';
import type { WatchProgress } from '@contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';

/** The viewer's own resume point, apart from every list: nothing else invalidates it. */
export const watchProgressKey = (videoId: string) => ['watch-progress', videoId] as const;

/** Where the signed-in viewer stopped; 0 when never watched or finished. */
export function getWatchProgress(videoId: string, signal?: AbortSignal): Promise<WatchProgress> {
  return apiData<WatchProgress>(API_PATHS.videoProgress(videoId), { signal });
}

export function useWatchProgressQuery(videoId: string, enabled: boolean) {
  return useQuery({
    queryKey: watchProgressKey(videoId),
    queryFn: ({ signal }) => getWatchProgress(videoId, signal),
    enabled,
    // A resume point is read once per visit; a later refetch must not seek the player again.
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/**
 * The heartbeat. keepalive lets the last beat leave while the page unloads (sendBeacon cannot
 * send JSON with the session cookie the same way); failures only cost a few seconds of
 * watch time, so they are logged and dropped.
 */
export function sendWatchProgress(videoId: string, position: number): void {
  fetch(`${API_BASE}${API_PATHS.videoProgress(videoId)}`, {
    method: 'POST',
    credentials: 'include',
    keepalive: true,
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify({ position }),
  }).catch((error: unknown) => console.error('Saving the watch position failed', error));
}
