import { API_PATHS, WATCH_POSITIONS_MAX, type WatchPosition } from '@contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';

/** Cache keys of where the viewer stopped in each video; the watch page refreshes them. */
export const watchPositionKeys = {
  all: ['watch-positions'] as const,
  one: (videoId: string) => [...watchPositionKeys.all, videoId] as const,
};

type Waiter = { resolve: (position: number) => void; reject: (error: unknown) => void };

/**
 * Cards ask for their own video's position; those asked for in the same tick (a grid rendering)
 * go out together, a hundred per request, instead of one request per card.
 */
export function createPositionLoader(
  fetchPositions: (ids: string[]) => Promise<WatchPosition[]>,
): (videoId: string) => Promise<number> {
  let pending = new Map<string, Waiter[]>();
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    const batch = pending;
    pending = new Map();
    const ids = [...batch.keys()];
    for (let start = 0; start < ids.length; start += WATCH_POSITIONS_MAX) {
      const chunk = ids.slice(start, start + WATCH_POSITIONS_MAX);
      fetchPositions(chunk).then(
        (positions) => {
          const found = new Map(positions.map((p) => [p.videoId, p.position]));
          for (const id of chunk) {
            for (const waiter of batch.get(id) ?? []) waiter.resolve(found.get(id) ?? 0);
          }
        },
        (error: unknown) => {
          for (const id of chunk) for (const waiter of batch.get(id) ?? []) waiter.reject(error);
        },
      );
    }
  };

  return (videoId) =>
    new Promise<number>((resolve, reject) => {
      const waiters = pending.get(videoId) ?? [];
      waiters.push({ resolve, reject });
      pending.set(videoId, waiters);
      if (!scheduled) {
        scheduled = true;
        setTimeout(flush, 0);
      }
    });
}

function getWatchPositions(ids: string[]): Promise<WatchPosition[]> {
  const search = new URLSearchParams({ ids: ids.join(',') });
  return apiData<WatchPosition[]>(`${API_PATHS.watchPositions}?${search.toString()}`);
}

const loadPosition = createPositionLoader(getWatchPositions);

/** Seconds into the video where the signed-in viewer stopped (0: never, or not signed in). */
export function useWatchPosition(videoId: string, enabled: boolean): number {
  const query = useQuery({
    queryKey: watchPositionKeys.one(videoId),
    queryFn: () => loadPosition(videoId),
    enabled,
    staleTime: 60_000,
  });
  return enabled ? (query.data ?? 0) : 0;
}
