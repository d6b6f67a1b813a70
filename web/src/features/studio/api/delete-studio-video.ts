import type { StudioVideoList } from '@contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteVideo } from '../../videos/api/delete-video';
import { videoKeys } from '../../videos/api/query-keys';
import { withoutVideo } from '../utils/video-list';
import { studioKeys } from './query-keys';

/**
 * Deletes one of the caller's videos. The studio lists drop it locally (no refetch of the page
 * being looked at); the dashboard and the public lists are refreshed because their figures move.
 */
export function useDeleteStudioVideo(pageSize: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVideo,
    onSuccess: (_result, id) => {
      queryClient.setQueriesData<StudioVideoList>({ queryKey: studioKeys.videoLists() }, (list) =>
        list ? withoutVideo(list, id, pageSize) : list,
      );
      queryClient.removeQueries({ queryKey: videoKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: videoKeys.all });
      void queryClient.invalidateQueries({ queryKey: studioKeys.dashboard() });
      void queryClient.invalidateQueries({ queryKey: [...studioKeys.all, 'analytics'] });
    },
    onError: (error) => console.error('Deleting the video failed', error),
  });
}
