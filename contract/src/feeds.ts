import { z } from 'zod';

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
