import { API_PATHS } from '@contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';
import { videoKeys } from './query-keys';

/** Deletes one of the caller's own videos with everything attached to it. */
export function deleteVideo(id: string): Promise<{ _id: string }> {
  return apiData<{ _id: string }>(API_PATHS.deleteVideo(id), { method: 'DELETE' });
}

export function useDeleteVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVideo,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: videoKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: videoKeys.all });
    },
    onError: (error) => console.error('Deleting the video failed', error),
  });
}
