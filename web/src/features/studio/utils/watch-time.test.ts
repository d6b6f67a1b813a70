import { describe, expect, it } from 'vitest';
import { formatDay, formatSigned, formatWatchTime, toHours, watchTimeUnit } from './watch-time';

describe('formatWatchTime', () => {
  it('shows minutes under an hour and hours with padded minutes above', () => {
    expect(formatWatchTime(0)).toBe('0 min');
    expect(formatWatchTime(14.6)).toBe('14 s');
    expect(formatWatchTime(59)).toBe('59 s');
    expect(formatWatchTime(60)).toBe('1 min');
    expect(formatWatchTime(45 * 60 + 30)).toBe('45 min');
    expect(formatWatchTime(3600)).toBe('1 h 00 min');
    expect(formatWatchTime(3 * 3600 + 5 * 60)).toBe('3 h 05 min');
    expect(formatWatchTime(1200 * 3600)).toBe('1,200 h 00 min');
  });
  it('treats nonsense as nothing watched', () => {
    expect(formatWatchTime(Number.NaN)).toBe('0 min');
    expect(formatWatchTime(-20)).toBe('0 min');
  });
});

describe('toHours', () => {
  it('rounds to a tenth of an hour', () => {
    expect(toHours(5400)).toBe(1.5);
    expect(toHours(0)).toBe(0);
    expect(toHours(179)).toBe(0);
    expect(toHours(180)).toBe(0.1);
  });
});

describe('formatSigned', () => {
  it('marks gains and losses', () => {
    expect(formatSigned(3)).toBe('+3');
    expect(formatSigned(-2)).toBe('-2');
    expect(formatSigned(0)).toBe('0');
    expect(formatSigned(1500)).toBe('+1,500');
  });
});

describe('formatDay', () => {
  it('reads the day as UTC', () => {
    expect(formatDay('2026-11-22')).toBe('Nov 22');
    expect(formatDay('2026-01-01')).toBe('Jan 1');
    expect(formatDay('garbage')).toBe('garbage');
  });
});

describe('watchTimeUnit', () => {
  it('grows with the largest day', () => {
    expect(watchTimeUnit(0).suffix).toBe('s');
    expect(watchTimeUnit(119).suffix).toBe('s');
    expect(watchTimeUnit(120)).toEqual({ divisor: 60, suffix: 'min' });
    expect(watchTimeUnit(7200)).toEqual({ divisor: 3600, suffix: 'h' });
  });
});
