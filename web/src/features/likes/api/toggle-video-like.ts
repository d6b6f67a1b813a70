import type { LikeKind, VideoDetail } from '@contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { videoKeys } from '../../videos';
import { applyLikeToggle, likeStateFromServer } from '../utils/like-state';
import { videoListRoots } from '../../../lib/video-lists';
import { toggleLike } from './toggle-like';

type Context = { previous: VideoDetail | undefined };

/**
 * Like or dislike a video. The flags flip at once so the pill answers the click; the count
 * waits for the server's total. A failure puts the flags back as they were.
 */
export function useToggleVideoLike(videoId: string) {
  const queryClient = useQueryClient();
  const key = videoKeys.detail(videoId);

  return useMutation<Awaited<ReturnType<typeof toggleLike>>, Error, LikeKind, Context>({
    mutationFn: (kind) => toggleLike({ objectId: videoId, kind, contentType: 'Video' }),
    onMutate: async (kind) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<VideoDetail>(key);
      if (previous) {
        const next = applyLikeToggle(previous, kind);
        queryClient.setQueryData<VideoDetail>(key, {
          ...previous,
          isLikedByUser: next.isLikedByUser,
          isDislikedByUser: next.isDislikedByUser,
        });
      }
      return { previous };
    },
    onError: (error, _kind, context) => {
      console.error('Toggling the video like failed', error);
      const previous = context?.previous;
      if (!previous) return;
      queryClient.setQueryData<VideoDetail>(key, (current) =>
        current
          ? {
              ...current,
              isLikedByUser: previous.isLikedByUser,
              isDislikedByUser: previous.isDislikedByUser,
            }
          : current,
      );
    },
    onSuccess: (result) => {
      queryClient.setQueryData<VideoDetail>(key, (current) =>
        current ? { ...current, ...likeStateFromServer(result) } : current,
      );
      void queryClient.invalidateQueries({ queryKey: videoListRoots.likedVideos });
    },
  });
}
