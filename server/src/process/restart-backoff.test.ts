import { describe, expect, it } from 'vitest';
import { RESTART_BACKOFF, nextEndingsInARow, restartDelayMs } from './restart-backoff.js';

describe('restartDelayMs', () => {
  it('doubles with each quick ending in a row, up to the ceiling', () => {
    const whole = () => 1;
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => restartDelayMs(n, whole))).toEqual([
      250, 500, 1000, 2000, 4000, 8000, 15_000,
    ]);
    expect(restartDelayMs(1000, whole)).toBe(RESTART_BACKOFF.maxMs);
  });

  it('waits a random half to whole of the step, so processes do not come back in step', () => {
    expect(restartDelayMs(3, () => 0)).toBe(500);
    expect(restartDelayMs(3, () => 0.5)).toBe(750);
    for (let i = 0; i < 100; i += 1) {
      const delay = restartDelayMs(20);
      expect(delay).toBeGreaterThanOrEqual(RESTART_BACKOFF.maxMs / 2);
      expect(delay).toBeLessThanOrEqual(RESTART_BACKOFF.maxMs);
    }
  });

  it('never answers an endless or negative wait for odd counts', () => {
    expect(restartDelayMs(0, () => 1)).toBe(RESTART_BACKOFF.firstMs);
    expect(restartDelayMs(Number.MAX_SAFE_INTEGER, () => 1)).toBe(RESTART_BACKOFF.maxMs);
  });
});

describe('nextEndingsInARow', () => {
  it('counts quick endings and starts over after a process that ran a while', () => {
    expect(nextEndingsInARow(0, 100)).toBe(1);
    expect(nextEndingsInARow(3, 100)).toBe(4);
    expect(nextEndingsInARow(9, RESTART_BACKOFF.stableAfterMs)).toBe(1);
  });
});
