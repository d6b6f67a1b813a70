import { describe, expect, it } from 'vitest';
import { byDay, dayDate, dayWindow, eachDay } from './analytics-days.js';

const DAY = 86_400_000;

describe('dayWindow', () => {
  it('covers the last N UTC days, today included', () => {
    const now = Date.UTC(2026, 2, 10, 15, 30);
    const w = dayWindow(now, 7);
    expect(dayDate(w.fromDay)).toBe('2026-03-04');
    expect(dayDate(w.toDay)).toBe('2026-03-10');
    expect(w.fromMs).toBe(Date.UTC(2026, 2, 4));
    expect(w.untilMs).toBe(Date.UTC(2026, 2, 11));
    expect(eachDay(w)).toHaveLength(7);
  });

  it('is the same window from the first to the last millisecond of a day', () => {
    const start = Date.UTC(2026, 0, 1);
    expect(dayWindow(start, 28)).toEqual(dayWindow(start + DAY - 1, 28));
    expect(dayWindow(start + DAY, 28).fromDay).toBe(dayWindow(start, 28).fromDay + 1);
  });

  it('spans month and year ends', () => {
    const w = dayWindow(Date.UTC(2026, 0, 5), 90);
    const days = eachDay(w).map(dayDate);
    expect(days).toHaveLength(90);
    expect(days[0]).toBe('2025-10-08');
    expect(days).toContain('2025-12-31');
    expect(days.at(-1)).toBe('2026-01-05');
  });
});

describe('byDay', () => {
  it('reads numbers whatever type the driver used', () => {
    const map = byDay([
      { day: '20500', value: '3' },
      { day: 20501, value: 4 },
    ]);
    expect(map.get(20500)).toBe(3);
    expect(map.get(20501)).toBe(4);
    expect(map.get(20502)).toBeUndefined();
  });
});
