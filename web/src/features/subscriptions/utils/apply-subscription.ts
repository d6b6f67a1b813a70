import type { ChannelProfile, SubscriptionToggle, VideoDetail } from '@contract';

/** A cached video page after its owner's channel was (un)subscribed; other videos stay as they are. */
export function applySubscriptionToVideo(
  video: VideoDetail,
  channelId: string,
  state: SubscriptionToggle,
): VideoDetail {
  if (video.owner._id !== channelId) return video;
  return {
    ...video,
    isSubscribedByUser: state.isSubscribed,
    subscribersCount: state.subscribersCount,
  };
}

/** A cached channel profile after a subscription toggle; other channels stay as they are. */
export function applySubscriptionToChannel(
  channel: ChannelProfile,
  channelId: string,
  state: SubscriptionToggle,
): ChannelProfile {
  if (channel._id !== channelId) return channel;
  return { ...channel, isSubscribed: state.isSubscribed, subscribersCount: state.subscribersCount };
}
