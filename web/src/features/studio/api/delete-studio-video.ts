import type { StudioVideoList } from '@contract';
import type { InfiniteData } from '@tanstack/react-query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteVideo } from '../../videos';
import { videoKeys } from '../../videos';
import { withoutVideo } from '../utils/video-list';
import { refreshVideoLists } from '../../../lib/video-lists';
import { studioKeys } from './query-keys';

/**
 * Deletes one of the caller's videos. The studio list drops it at once; every list that shows
 * videos (home, channel, liked, subscriptions, search, the studio's own) is refreshed.
 */
export function useDeleteStudioVideo(pageSize: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVideo,
    onSuccess: (_result, id) => {
      queryClient.setQueriesData<StudioVideoList>({ queryKey: studioKeys.videoLists() }, (list) =>
        list ? withoutVideo(list, id, pageSize) : list,
      );
      queryClient.setQueriesData<InfiniteData<StudioVideoList>>(
        { queryKey: studioKeys.videoPages() },
        (pages) =>
          pages && {
            ...pages,
            pages: pages.pages.map((page) => withoutVideo(page, id, pageSize)),
          },
      );
      queryClient.removeQueries({ queryKey: videoKeys.detail(id) });
      // The studio's own lists were just updated in place; every other list refetches.
      void refreshVideoLists(queryClient);
    },
    onError: (error) => console.error('Deleting the video failed', error),
  });
}
