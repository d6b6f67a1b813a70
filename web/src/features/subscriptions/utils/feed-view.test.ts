import { describe, expect, it } from 'vitest';
import { subscriptionFeedView } from './feed-view';

describe('subscriptionFeedView', () => {
  it('shows placeholders while the answer is on its way', () => {
    expect(subscriptionFeedView('pending', 0, false)).toBe('loading');
    expect(subscriptionFeedView('pending', 0, true)).toBe('loading');
  });

  it('shows videos as soon as there are some', () => {
    expect(subscriptionFeedView('success', 3, false)).toBe('videos');
    expect(subscriptionFeedView('success', 1, true)).toBe('videos');
  });

  it('keeps placeholders for an empty answer until the wait is over', () => {
    expect(subscriptionFeedView('success', 0, false)).toBe('loading');
    expect(subscriptionFeedView('success', 0, true)).toBe('empty');
  });

  it('reports a failed request', () => {
    expect(subscriptionFeedView('error', 0, false)).toBe('error');
  });
});
