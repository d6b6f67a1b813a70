import { z } from 'zod';

/** Where the feeds, the sitemap and robots.txt are: outside /api/v1, at the site's root. */
export const FEED_PATHS = {
  /** The instance's latest public videos (Atom). */
  videos: '/feeds/videos.xml',
  /** One channel's latest public videos (Atom). */
  channel: (username: string) => `/feeds/videos.xml?channel=${encodeURIComponent(username)}`,
  /** A user's subscriptions, readable with the token in its URL (GET/POST /users/feed-token). */
  subscriptions: (token: string) => `/feeds/subscriptions.xml?token=${encodeURIComponent(token)}`,
  sitemap: '/sitemap.xml',
  robots: '/robots.txt',
} as const;

/** How many of the newest videos a feed lists. */
export const FEED_SIZE = 50;

/**
 * The caller's private subscriptions feed: whether a link exists and since when. The URL (with
 * its secret) is answered once, when a new link is made, and never again.
 */
export const feedTokenSchema = z.object({
  active: z.boolean(),
  createdAt: z.string().nullable(),
  /** Only in the answer that made it: the feed's path with its token. */
  url: z.string().nullable(),
});
export type FeedToken = z.infer<typeof feedTokenSchema>;
