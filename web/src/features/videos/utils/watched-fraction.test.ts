import { describe, expect, it } from 'vitest';
import { watchedFraction } from './watched-fraction';

describe('watchedFraction', () => {
  it('is the share watched, at most all of it', () => {
    expect(watchedFraction(30, 120)).toBe(0.25);
    expect(watchedFraction(130, 120)).toBe(1);
  });

  it('is nothing before the start or when the length is unknown', () => {
    expect(watchedFraction(0, 120)).toBe(0);
    expect(watchedFraction(10, 0)).toBe(0);
    expect(watchedFraction(Number.NaN, 10)).toBe(0);
  });
});
