import { API_PATHS, LIMITS, type HistoryPage } from '@contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { historyKeys } from './history-keys';

/** One page of the viewer's history, newest first; `q` keeps titles containing it. */
export function getHistory(q: string, page: number, signal?: AbortSignal): Promise<HistoryPage> {
  const params = new URLSearchParams({ page: String(page), limit: String(LIMITS.feedPageSize) });
  if (q) params.set('q', q);
  return apiRequest<HistoryPage>(`${API_PATHS.history}?${params.toString()}`, { signal });
}

export const historyQueryOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: historyKeys.list(q),
    queryFn: ({ pageParam, signal }) => getHistory(q, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.currentPage < last.totalPages ? last.currentPage + 1 : undefined,
    // Every visit shows what was watched since.
    staleTime: 0,
  });

export function useHistory(q: string) {
  return useInfiniteQuery(historyQueryOptions(q));
}
