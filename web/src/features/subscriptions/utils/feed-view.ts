export type FeedView = 'loading' | 'error' | 'videos' | 'empty';

/**
 * What the subscriptions feed shows. An empty answer keeps the placeholders until the
 * product's waiting time has passed, so the empty message never flashes up on a fast reply.
 */
export function subscriptionFeedView(
  status: 'pending' | 'error' | 'success',
  videoCount: number,
  waited: boolean,
): FeedView {
  if (status === 'error') return 'error';
  if (status === 'success' && videoCount > 0) return 'videos';
  if (status === 'success' && waited) return 'empty';
  return 'loading';
}
