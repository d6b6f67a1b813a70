import { describe, expect, it } from 'vitest';
import { formatClock, playerTime, spokenClock } from './time-format';

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

describe('playerTime', () => {
  it('shows the stated length under the card rule, not the stream length rounded', () => {
    expect(playerTime(3, 30.03, 29.98)).toEqual({ position: '0:03', length: '0:29' });
  });

  it('never shows the position past the length at the very end', () => {
    expect(playerTime(30.02, 30.03, 29.98)).toEqual({ position: '0:29', length: '0:29' });
  });

  it('shows a one-second clip as 0:01, never 0:00', () => {
    expect(playerTime(0.2, 1.02, 1)).toEqual({ position: '0:00', length: '0:01' });
    expect(playerTime(0, 0.6, 0.5)).toEqual({ position: '0:00', length: '0:01' });
  });

  it('falls back to the element when the length is not stated', () => {
    expect(playerTime(61, 125.5)).toEqual({ position: '1:01', length: '2:05' });
    expect(playerTime(0, Number.NaN)).toEqual({ position: '0:00', length: '0:00' });
  });

  it('uses h:mm:ss for both once the length reaches an hour', () => {
    expect(playerTime(5, 3723.4, 3723.2)).toEqual({ position: '0:00:05', length: '1:02:03' });
  });
});
