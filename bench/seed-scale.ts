/** Row counts at BENCH_SCALE=1, as the issue states them. */
export const FULL_SCALE = {
  videos: 100_000,
  channels: 5_000,
  likes: 1_000_000,
  comments: 200_000,
  subscriptions: 50_000,
};

const STUDIO_VIDEOS = 1_000;
/** Top-level comments on the hot video, each with one reply. */
export const HOT_TOP_LEVEL = 100;

export type SeedCounts = typeof FULL_SCALE & { studioVideos: number; hotComments: number };

/** The row counts at scale `s` (BENCH_SCALE). */
export function seedCounts(s: number): SeedCounts {
  return {
    videos: Math.round(FULL_SCALE.videos * s),
    channels: Math.max(20, Math.round(FULL_SCALE.channels * s)),
    likes: Math.round(FULL_SCALE.likes * s),
    comments: Math.round(FULL_SCALE.comments * s),
    subscriptions: Math.round(FULL_SCALE.subscriptions * s),
    studioVideos: Math.min(STUDIO_VIDEOS, Math.round(FULL_SCALE.videos * s * 0.5)),
    hotComments: HOT_TOP_LEVEL * 2,
  };
}
