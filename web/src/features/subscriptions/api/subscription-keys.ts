/** Cache keys for everything read from /subscriptions. */
export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  channels: (userId: string) => [...subscriptionKeys.all, 'channels', userId] as const,
  videos: () => [...subscriptionKeys.all, 'videos'] as const,
};
