import { describe, expect, it } from 'vitest';
import { remainingDelay } from './remaining-delay';

describe('remainingDelay', () => {
  it('waits out the rest of the minimum', () => {
    expect(remainingDelay(1000, 1300, 1000)).toBe(700);
  });

  it('is zero once the minimum has passed', () => {
    expect(remainingDelay(1000, 2500, 1000)).toBe(0);
  });

  it('treats a clock that went backwards as no time passed', () => {
    expect(remainingDelay(1000, 900, 1000)).toBe(1000);
  });
});
