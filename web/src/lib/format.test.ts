import { describe, expect, it } from 'vitest';
import {
  displayedSeconds,
  formatCount,
  formatDuration,
  formatRelativeTime,
  formatResultCount,
} from './format';

describe('displayedSeconds', () => {
  it.each([
    [0, 0],
    [0.001, 1],
    [0.4, 1],
    [1, 1],
    [1.999, 1],
    [5.991, 5],
    [6, 6],
    [29.98, 29],
    [30.03, 30],
    [3599.9, 3599],
  ])('%s seconds show as %i', (seconds, expected) => {
    expect(displayedSeconds(seconds)).toBe(expected);
  });

  it('shows nothing for no content, negative or unreadable lengths', () => {
    expect(displayedSeconds(-1)).toBe(0);
    expect(displayedSeconds(Number.NaN)).toBe(0);
    expect(displayedSeconds(Number.POSITIVE_INFINITY)).toBe(0);
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0:00'],
    [5, '0:05'],
    [59, '0:59'],
    [60, '1:00'],
    [65, '1:05'],
    [599, '9:59'],
    [3600, '60:00'],
    [3725, '62:05'],
  ])('%i seconds reads %s', (seconds, expected) => {
    expect(formatDuration(seconds)).toBe(expected);
  });

  it('drops fractions instead of rounding up', () => {
    expect(formatDuration(65.9)).toBe('1:05');
    expect(formatDuration(29.98)).toBe('0:29');
  });

  it('never reads 0:00 for a video with content', () => {
    expect(formatDuration(1)).toBe('0:01');
    expect(formatDuration(0.5)).toBe('0:01');
  });

  it('treats negative and non-finite input as zero', () => {
    expect(formatDuration(-3)).toBe('0:00');
    expect(formatDuration(Number.NaN)).toBe('0:00');
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe('0:00');
  });
});

describe('formatRelativeTime', () => {
  const now = Date.parse('2025-06-15T12:00:00Z');
  const ago = (seconds: number) => new Date(now - seconds * 1000);
  const MIN = 60;
  const HOUR = 60 * MIN;
  const DAY = 24 * HOUR;

  it.each([
    [0, 'Just now'],
    [59, 'Just now'],
    [MIN, '1 minute ago'],
    [2 * MIN, '2 minutes ago'],
    [59 * MIN + 59, '59 minutes ago'],
    [HOUR, '1 hour ago'],
    [5 * HOUR, '5 hours ago'],
    [DAY, '1 day ago'],
    [3 * DAY, '3 days ago'],
    [6 * DAY, '6 days ago'],
    [7 * DAY, '1 week ago'],
    [29 * DAY, '4 weeks ago'],
    [30 * DAY, '1 month ago'],
    [90 * DAY, '3 months ago'],
    [364 * DAY, '12 months ago'],
    [365 * DAY, '1 year ago'],
    [3 * 365 * DAY, '3 years ago'],
  ])('%i seconds ago reads %s', (seconds, expected) => {
    expect(formatRelativeTime(ago(seconds), now)).toBe(expected);
  });

  it('accepts ISO strings and epoch milliseconds', () => {
    expect(formatRelativeTime('2025-06-14T12:00:00Z', now)).toBe('1 day ago');
    expect(formatRelativeTime(now - 2 * HOUR * 1000, now)).toBe('2 hours ago');
  });

  it('reads future timestamps as just now', () => {
    expect(formatRelativeTime(now + 10 * MIN * 1000, now)).toBe('Just now');
  });

  it('returns an empty string for an unreadable date', () => {
    expect(formatRelativeTime('not a date', now)).toBe('');
  });
});

describe('formatCount', () => {
  it('uses the singular only for exactly one', () => {
    expect(formatCount(0, 'view')).toBe('0 views');
    expect(formatCount(1, 'view')).toBe('1 view');
    expect(formatCount(1204, 'view')).toBe('1,204 views');
    expect(formatCount(2, 'reply', 'replies')).toBe('2 replies');
  });
});

describe('formatResultCount', () => {
  it('marks a capped total with a plus', () => {
    expect(formatResultCount(1, false)).toBe('1 video');
    expect(formatResultCount(37, false)).toBe('37 videos');
    expect(formatResultCount(1000, true)).toBe('1,000+ videos');
  });
});
