import { describe, expect, it } from 'vitest';
import { formatClock, spokenClock } from './time-format';

describe('formatClock', () => {
  it.each([
    [0, undefined, '0:00'],
    [5.9, undefined, '0:05'],
    [65, undefined, '1:05'],
    [3599, undefined, '59:59'],
    [3723, undefined, '1:02:03'],
    [5, 3723, '0:00:05'],
    [-3, 100, '0:00'],
    [Number.NaN, 100, '0:00'],
    [12, Number.POSITIVE_INFINITY, '0:12'],
  ])('%s of %s reads %s', (seconds, duration, expected) => {
    expect(formatClock(seconds, duration)).toBe(expected);
  });
});

describe('spokenClock', () => {
  it.each([
    [0, '0 seconds'],
    [1, '1 second'],
    [65, '1 minute 5 seconds'],
    [120, '2 minutes'],
    [3601, '1 hour 1 second'],
  ])('%s reads %s', (seconds, expected) => {
    expect(spokenClock(seconds)).toBe(expected);
  });
});
