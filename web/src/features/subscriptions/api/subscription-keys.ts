import { videoListRoots } from '../../../lib/video-lists';

/** Cache keys for everything read from /subscriptions. */
export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  channels: (userId: string) => [...subscriptionKeys.all, 'channels', userId] as const,
  videos: () => videoListRoots.subscriptionVideos,
  feedToken: () => [...subscriptionKeys.all, 'feed-token'] as const,
};
