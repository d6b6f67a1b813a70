import { describe, expect, it } from 'vitest';
import { rangeFromSearch, sumDays, tabFromSearch } from './analytics-params';

describe('rangeFromSearch', () => {
  it('accepts 7, 28 and 90 only', () => {
    expect(rangeFromSearch(new URLSearchParams('range=7'))).toBe(7);
    expect(rangeFromSearch(new URLSearchParams('range=90'))).toBe(90);
    expect(rangeFromSearch(new URLSearchParams('range=30'))).toBe(28);
    expect(rangeFromSearch(new URLSearchParams(''))).toBe(28);
  });
});

describe('tabFromSearch', () => {
  it('opens Content for a video or when asked', () => {
    expect(tabFromSearch(new URLSearchParams('videoId=abc'))).toBe('content');
    expect(tabFromSearch(new URLSearchParams('tab=content'))).toBe('content');
    expect(tabFromSearch(new URLSearchParams(''))).toBe('overview');
  });
});

describe('sumDays', () => {
  it('adds every day, treating a missing subscriber figure as 0', () => {
    expect(
      sumDays([
        { date: '2026-11-21', views: 2, watchTimeSeconds: 30, netSubscribers: 1 },
        { date: '2026-11-22', views: 3, watchTimeSeconds: 45, netSubscribers: -2 },
        { date: '2026-11-23', views: 1, watchTimeSeconds: 5 },
      ]),
    ).toEqual({ views: 6, watchTimeSeconds: 80, netSubscribers: -1 });
    expect(sumDays([])).toEqual({ views: 0, watchTimeSeconds: 0, netSubscribers: 0 });
  });
});
