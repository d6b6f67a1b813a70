import { describe, expect, it } from 'vitest';
import { subscriptionFeedView } from './feed-view';

describe('subscriptionFeedView', () => {
  it('shows placeholders while the answer is on its way', () => {
    expect(subscriptionFeedView('pending', false, 0, false)).toBe('loading');
    expect(subscriptionFeedView('pending', false, 0, true)).toBe('loading');
  });

  it('shows videos as soon as there are some', () => {
    expect(subscriptionFeedView('success', true, 3, false)).toBe('videos');
    expect(subscriptionFeedView('success', true, 1, true)).toBe('videos');
  });

  it('keeps placeholders for an empty answer until the wait is over', () => {
    expect(subscriptionFeedView('success', true, 0, false)).toBe('loading');
    expect(subscriptionFeedView('success', true, 0, true)).toBe('empty');
  });

  it('reports a failed first request', () => {
    expect(subscriptionFeedView('error', false, 0, false)).toBe('error');
    expect(subscriptionFeedView('error', false, 0, true)).toBe('error');
  });

  it('keeps what was loaded when a later request fails', () => {
    expect(subscriptionFeedView('error', true, 3, false)).toBe('videos');
    expect(subscriptionFeedView('error', true, 0, true)).toBe('empty');
  });
});
