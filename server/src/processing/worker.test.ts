import { describe, expect, it } from 'vitest';
import { backoffDelay, formatLimit } from './worker.js';

describe('backoffDelay', () => {
  it('grows fourfold from the base delay', () => {
    expect([1, 2, 3].map((n) => backoffDelay(n, 15_000))).toEqual([15_000, 60_000, 240_000]);
  });
});

describe('formatLimit', () => {
  it('says seconds below two minutes, minutes above', () => {
    expect(formatLimit(300)).toBe('1 second');
    expect(formatLimit(90_000)).toBe('90 seconds');
    expect(formatLimit(1_800_000)).toBe('30 minutes');
  });
});
