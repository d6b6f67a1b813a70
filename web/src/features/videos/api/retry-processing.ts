import { API_PATHS } from '@contract';
import type { Video } from '@contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';
import { videoListRoots } from '../../../lib/video-lists';
import { videoKeys } from './query-keys';

/** Queues a failed video's processing again (owner only). */
export function retryProcessing(id: string): Promise<Video> {
  return apiData<Video>(API_PATHS.retryProcessing(id), { method: 'POST' });
}

export function useRetryProcessing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryProcessing,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: videoKeys.all }),
        queryClient.invalidateQueries({ queryKey: videoListRoots.studio }),
      ]),
    onError: (error) => console.error('Retrying the processing failed', error),
  });
}
