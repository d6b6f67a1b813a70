/**
 * Cache key of the liked-videos playlist. It is a plain string key agreed with the liked
 * feature, so toggling a video's like can refresh the playlist without importing it.
 */
export const likedVideosKey = ['liked-videos'] as const;
