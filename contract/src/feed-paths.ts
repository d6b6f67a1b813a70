// No zod here: the channel page and the subscriptions page link to the feeds with these.

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
