export type FeedView = 'loading' | 'error' | 'videos' | 'empty';

/**
 * What the subscriptions feed shows. An empty answer keeps the placeholders until the
 * product's waiting time has passed, so the empty message never flashes up on a fast reply.
 * A failed read replaces the feed only when nothing was loaded yet: videos already shown stay
 * when a later read fails (a refetch, or the next page, which offers its own Try again).
 */
export function subscriptionFeedView(
  status: 'pending' | 'error' | 'success',
  loaded: boolean,
  videoCount: number,
  waited: boolean,
): FeedView {
  if (!loaded) return status === 'error' ? 'error' : 'loading';
  if (videoCount > 0) return 'videos';
  return waited ? 'empty' : 'loading';
}
