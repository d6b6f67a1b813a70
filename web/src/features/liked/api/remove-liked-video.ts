import { API_PATHS } from '@contract';
import type { LikeToggle, LikeToggleBody } from '@contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { videoKeys } from '../../videos';
import { videoListRoots } from '../../../lib/video-lists';

function toggleVideoLike(videoId: string): Promise<LikeToggle> {
  const body: LikeToggleBody = { contentType: 'Video' };
  return apiRequest<LikeToggle>(API_PATHS.toggleLike(videoId, 'like'), {
    method: 'POST',
    json: body,
  });
}

/**
 * Liking a liked video again takes the like away. If the list was stale (the like was already
 * gone, say from another tab) that first toggle adds a like, so a second one takes it back.
 */
export async function removeLikedVideo(videoId: string): Promise<LikeToggle> {
  const state = await toggleVideoLike(videoId);
  return state.isLikedByUser ? toggleVideoLike(videoId) : state;
}

/** Removes a video from the liked list, then reloads the list and that video's page. */
export function useRemoveLikedVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeLikedVideo,
    onSuccess: (_state, videoId) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: videoListRoots.likedVideos }),
        queryClient.invalidateQueries({ queryKey: videoKeys.detail(videoId) }),
      ]),
    onError: (error) => {
      console.error('Removing the video from Liked videos failed', error);
    },
  });
}
