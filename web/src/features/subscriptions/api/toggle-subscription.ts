import { API_PATHS } from '@contract';
import type { ChannelProfile, SubscriptionToggle, VideoDetail } from '@contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';
import { videoListRoots } from '../../../lib/video-lists';
import { videoKeys } from '../../videos';
import { applySubscriptionToChannel, applySubscriptionToVideo } from '../utils/apply-subscription';
import { subscriptionKeys } from './subscription-keys';

/** Subscribes, or unsubscribes when already subscribed; the server answers the new state. */
export function toggleSubscription(channelId: string): Promise<SubscriptionToggle> {
  return apiData<SubscriptionToggle>(API_PATHS.toggleSubscription(channelId), {
    method: 'POST',
  });
}

/**
 * Toggles a subscription and writes the server's answer into every cached page that shows the
 * channel, so the label and count change at once wherever the viewer looks next.
 */
export function useToggleSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleSubscription,
    onSuccess: (state, channelId) => {
      queryClient.setQueriesData<VideoDetail>({ queryKey: videoKeys.details() }, (video) =>
        video ? applySubscriptionToVideo(video, channelId, state) : video,
      );
      queryClient.setQueriesData<ChannelProfile>(
        { queryKey: videoListRoots.channels },
        (channel) => (channel ? applySubscriptionToChannel(channel, channelId, state) : channel),
      );
      // The open All Subscriptions list keeps an unsubscribed row so the click can be undone;
      // it and the feed are reloaded the next time they are opened.
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: subscriptionKeys.all, refetchType: 'none' }),
        queryClient.invalidateQueries({ queryKey: videoListRoots.channels }),
        queryClient.invalidateQueries({ queryKey: videoKeys.details() }),
      ]);
    },
    onError: (error) => {
      console.error('Changing the subscription failed', error);
    },
  });
}
