import { describe, expect, it } from 'vitest';
import { filtersKey, searchFilters, searchOrder, unfiltered } from './search-options.js';

const NOW = Date.UTC(2026, 4, 10, 12, 30, 45, 500);
const DAY = 86_400_000;

describe('searchFilters', () => {
  it('starts upload-date windows on the whole minute at or before their length ago', () => {
    const start = (uploadDate: 'today' | 'week' | 'month' | 'year') =>
      searchFilters({ uploadDate }, NOW).since;
    expect(start('today')).toBe(Date.UTC(2026, 4, 9, 12, 30));
    expect(start('week')).toBe(Date.UTC(2026, 4, 3, 12, 30));
    expect(start('month')).toBe(Date.UTC(2026, 3, 10, 12, 30));
    expect(start('year')).toBe(Date.UTC(2025, 4, 10, 12, 30));
    // Two searches in the same minute name the same window.
    expect(searchFilters({ uploadDate: 'today' }, NOW + 10_000).since).toBe(start('today'));
    expect(NOW - start('today')!).toBeGreaterThanOrEqual(DAY);
    expect(NOW - start('today')!).toBeLessThan(DAY + 60_000);
  });

  it('maps durations to YouTube’s ranges: under 4 min, 4 to 20 min, over 20 min', () => {
    expect(searchFilters({ duration: 'short' }, NOW)).toEqual({ maxDuration: 240 });
    expect(searchFilters({ duration: 'medium' }, NOW)).toEqual({
      minDuration: 240,
      maxDuration: 1200,
    });
    expect(searchFilters({ duration: 'long' }, NOW)).toEqual({ minDuration: 1200 });
  });

  it('tells no filter from some, and keys each combination apart', () => {
    expect(unfiltered(searchFilters({}, NOW))).toBe(true);
    expect(unfiltered(searchFilters({ duration: 'long' }, NOW))).toBe(false);
    const keys = new Set(
      [{}, { duration: 'short' as const }, { uploadDate: 'week' as const }].map((q) =>
        filtersKey(searchFilters(q, NOW)),
      ),
    );
    expect(keys.size).toBe(3);
  });
});

describe('searchOrder', () => {
  it('is newest first by default, descending per column, and relevance has no direction', () => {
    expect(searchOrder()).toEqual({ by: 'createdAt', direction: 'desc' });
    expect(searchOrder('views')).toEqual({ by: 'views', direction: 'desc' });
    expect(searchOrder('duration', 'asc')).toEqual({ by: 'duration', direction: 'asc' });
    expect(searchOrder('relevance', 'asc')).toEqual({ by: 'relevance' });
  });
});
