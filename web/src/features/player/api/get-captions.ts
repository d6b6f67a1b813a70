import { API_PATHS, type Caption } from '@contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';

/** A video's caption tracks (language, label, WebVTT URL); none when it has none. */
export function useVideoCaptions(videoId: string) {
  return useQuery({
    queryKey: ['videos', 'captions', videoId],
    queryFn: ({ signal }) => apiData<Caption[]>(API_PATHS.videoCaptions(videoId), { signal }),
    staleTime: 60_000,
  });
}
