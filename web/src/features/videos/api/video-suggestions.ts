import { API_PATHS } from '@contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';
import { videoKeys } from './query-keys';

export type VideoSuggestion = { _id: string; title: string };

/** At most five public videos whose title contains `q`. */
export function getVideoSuggestions(q: string, signal?: AbortSignal): Promise<VideoSuggestion[]> {
  return apiData<VideoSuggestion[]>(
    `${API_PATHS.videoSuggestions}?${new URLSearchParams({ q }).toString()}`,
    { signal },
  );
}

export const videoSuggestionsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: videoKeys.suggestions(q),
    queryFn: ({ signal }) => getVideoSuggestions(q, signal),
    // Blank text has nothing to suggest, so it never reaches the server.
    enabled: q.trim() !== '',
    // Keeps the previous list on screen while the next keystroke's answer is on its way.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export function useVideoSuggestions(q: string) {
  return useQuery(videoSuggestionsQueryOptions(q));
}
