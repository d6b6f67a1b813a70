import { API_PATHS } from '@contract';
import type { Analytics, AnalyticsRange } from '@contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';
import { studioKeys } from './query-keys';

/** Per-day views, watch time and (channel-wide only) net subscribers over the range. */
export function getAnalytics(
  range: AnalyticsRange,
  videoId: string | null,
  signal?: AbortSignal,
): Promise<Analytics> {
  const search = new URLSearchParams({ range: String(range) });
  if (videoId) search.set('videoId', videoId);
  return apiData<Analytics>(`${API_PATHS.studioAnalytics}?${search.toString()}`, { signal });
}

export function useAnalytics(range: AnalyticsRange, videoId: string | null) {
  return useQuery({
    queryKey: studioKeys.analytics(range, videoId),
    queryFn: ({ signal }) => getAnalytics(range, videoId, signal),
    placeholderData: keepPreviousData,
  });
}
