import { describe, expect, it } from 'vitest';
import { dayLabel, groupByDay } from './day-groups';

const at = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h).getTime();
const now = at(2026, 3, 12, 15);

describe('dayLabel', () => {
  it('names today, yesterday and the last week by weekday', () => {
    expect(dayLabel(at(2026, 3, 12, 0), now, 'en-US')).toBe('Today');
    expect(dayLabel(at(2026, 3, 11, 23), now, 'en-US')).toBe('Yesterday');
    expect(dayLabel(at(2026, 3, 8), now, 'en-US')).toBe('Sunday');
  });

  it('dates older days, with the year only when it is another year', () => {
    expect(dayLabel(at(2026, 2, 1), now, 'en-US')).toBe('Feb 1');
    expect(dayLabel(at(2025, 12, 24), now, 'en-US')).toBe('Dec 24, 2025');
  });
});

describe('groupByDay', () => {
  it('keeps runs of one local day together, in order', () => {
    const entries = [at(2026, 3, 12, 14), at(2026, 3, 12, 9), at(2026, 3, 11, 20), at(2026, 3, 1)];
    const groups = groupByDay(entries, (t) => t, now, 'en-US');
    expect(groups.map((g) => [g.label, g.entries.length])).toEqual([
      ['Today', 2],
      ['Yesterday', 1],
      ['Mar 1', 1],
    ]);
  });

  it('makes nothing of nothing', () => {
    expect(groupByDay([], (t: number) => t, now)).toEqual([]);
  });
});
