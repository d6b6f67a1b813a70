import type { ChannelProfile } from '@contract';
import { formatCount } from '../../../lib/format';

/**
 * The channel's video count as the person looking at it sees the grid: everyone else counts
 * the public videos; the owner counts every video of theirs the grid shows, with the unlisted
 * and private ones named ("1 unlisted, 2 private"), so the number and the grid agree.
 */
export function channelVideoCount(channel: Pick<ChannelProfile, 'videosCount' | 'ownVideos'>): {
  count: string;
  hidden: string | null;
} {
  const own = channel.ownVideos;
  if (!own) return { count: formatCount(channel.videosCount, 'video'), hidden: null };
  const parts = [
    own.unlisted > 0 ? `${own.unlisted.toLocaleString('en-US')} unlisted` : null,
    own.private > 0 ? `${own.private.toLocaleString('en-US')} private` : null,
  ].filter((part): part is string => part !== null);
  return { count: formatCount(own.total, 'video'), hidden: parts.length ? parts.join(', ') : null };
}
