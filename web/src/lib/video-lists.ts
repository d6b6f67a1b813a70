import type { QueryClient } from '@tanstack/react-query';

/**
 * The cache roots of every list that shows videos, in one place: the features that read them
 * build their keys from these, and a change to a video (edit, delete, publish) refreshes all
 * of them at once through `refreshVideoLists`, so no list keeps a renamed or deleted video
 * until its cache goes stale.
 */
export const videoListRoots = {
  /** /videos: the home feed, channel pages, search, suggestions and each watch page. */
  videos: ['videos'],
  likedVideos: ['liked-videos'],
  subscriptionVideos: ['subscriptions', 'videos'],
  /** Channel headers, whose video counts move. */
  channels: ['channel'],
  studio: ['studio'],
} as const;

/** Marks every video list stale; the ones on screen refetch now, the others when next shown. */
export function refreshVideoLists(queryClient: QueryClient): Promise<void> {
  return Promise.all(
    Object.values(videoListRoots).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  ).then(() => undefined);
}
