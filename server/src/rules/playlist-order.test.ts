import { describe, expect, it } from 'vitest';
import { POSITION_STEP, keyBetween } from './playlist-order.js';

describe('keyBetween', () => {
  it('starts an empty list, and goes a step beyond either end', () => {
    expect(keyBetween(undefined, undefined)).toBe(POSITION_STEP);
    expect(keyBetween(undefined, 5)).toBe(5 - POSITION_STEP);
    expect(keyBetween(7, undefined)).toBe(7 + POSITION_STEP);
  });

  it('takes the middle of a gap, strictly between its ends', () => {
    expect(keyBetween(0, 10)).toBe(5);
    expect(keyBetween(-4, 5)).toBe(0);
    const key = keyBetween(3, 5)!;
    expect(key).toBeGreaterThan(3);
    expect(key).toBeLessThan(5);
  });

  it('asks for a renumbering when no whole number fits', () => {
    expect(keyBetween(4, 5)).toBeUndefined();
    expect(keyBetween(4, 4)).toBeUndefined();
  });

  it('fits twenty moves into one step before it runs out', () => {
    const low = 0;
    let high = POSITION_STEP;
    let moves = 0;
    for (;;) {
      const key = keyBetween(low, high);
      if (key === undefined) break;
      high = key;
      moves += 1;
    }
    expect(moves).toBe(20);
  });
});
