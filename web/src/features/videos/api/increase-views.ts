import { API_PATHS } from '@contract';
import type { VideoDetail } from '@contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';
import { videoKeys } from './query-keys';

export type ViewCount = { views: number; counted: boolean };

/** Registers a view (the server counts one per viewer per video per hour). */
export function increaseViews(id: string): Promise<ViewCount> {
  return apiData<ViewCount>(API_PATHS.increaseViews(id), { method: 'POST' });
}

export function useIncreaseViews() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: increaseViews,
    onSuccess: (result, id) => {
      // The page was drawn with the count from before this view; show the server's new one.
      queryClient.setQueryData<VideoDetail>(videoKeys.detail(id), (video) =>
        video ? { ...video, views: result.views } : video,
      );
    },
    // A lost view is not worth interrupting playback for.
    onError: (error) => console.error('Counting the view failed', error),
  });
}
