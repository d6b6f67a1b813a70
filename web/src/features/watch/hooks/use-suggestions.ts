import type { Video } from '@contract';
import { useMemo } from 'react';
import { orderSuggestions, useSearchVideos, useVideo, useVideos } from '../../videos';

const CHANNEL_SUGGESTIONS = 20;

/** The first word of a hashtag field, as a search for it ("#travel"), or '' when none. */
function firstHashtag(hashtag: string | undefined): string {
  return hashtag?.trim().split(/\s+/u)[0] ?? '';
}

/**
 * Other videos to watch beside this one: the same channel's, then those sharing its hashtag,
 * then the rest of the feed, each group shuffled (`orderSuggestions`). The order is settled
 * once everything has arrived, so the list (and what plays next) does not jump under the viewer.
 */
export function useSuggestions(currentId: string): {
  suggestions: Video[];
  pending: boolean;
  failed: boolean;
} {
  const video = useVideo(currentId);
  const current = video.data;
  const owner = current?.owner._id;
  const hashtag = current?.hashtag ?? '';
  const feed = useVideos();
  const channel = useVideos({ userId: owner, limit: CHANNEL_SUGGESTIONS }, owner !== undefined);
  const tag = firstHashtag(hashtag);
  const tagged = useSearchVideos(tag);
  const channelReady = !channel.isPending || channel.isError;
  const taggedReady = tag === '' || !tagged.isPending || tagged.isError;
  // A video that cannot be shown (still being processed, gone) has no channel or hashtag to
  // go by: the feed alone is suggested, shuffled.
  const known = owner !== undefined ? channelReady && taggedReady : video.isError;
  const ready = !feed.isPending && known;

  // Ordered once per video and per answer (never per render, e.g. when the view count moves).
  const suggestions = useMemo(() => {
    if (!ready) return [];
    const candidates = [
      ...(owner !== undefined ? (channel.data?.data ?? []) : []),
      ...(owner !== undefined ? (tagged.data?.pages[0]?.data ?? []) : []),
      ...(feed.data?.data ?? []),
    ];
    return orderSuggestions({ _id: currentId, owner: { _id: owner ?? '' }, hashtag }, candidates);
  }, [ready, currentId, owner, hashtag, channel.data, tagged.data, feed.data]);

  // Suggestions already shown stay when a later read of the feed fails.
  return { suggestions, pending: !ready && !feed.isLoadingError, failed: feed.isLoadingError };
}
