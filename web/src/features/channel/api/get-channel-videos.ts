import { useVideoPages } from '../../videos';

/** A channel's videos, newest first, page after page; the owner also gets their private and unlisted ones. */
export function useChannelVideos(userId: string) {
  return useVideoPages({ userId, sortBy: 'createdAt', sortType: 'desc' });
}
