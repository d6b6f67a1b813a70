import { describe, expect, it } from 'vitest';
import { isTooSlow } from './upload-rate-guard.js';

const floor = { minBytesPerSecond: 8192, windowSeconds: 30 };
const seconds = (n: number, bytes: (i: number) => number) =>
  Array.from({ length: n }, (_, i) => bytes(i));

describe('isTooSlow', () => {
  it('waits for a whole window before judging', () => {
    expect(
      isTooSlow(
        seconds(29, () => 0),
        floor,
      ),
    ).toBe(false);
    expect(
      isTooSlow(
        seconds(30, () => 0),
        floor,
      ),
    ).toBe(true);
  });

  it('cuts a trickle of 1 byte every 2 s at the first full window (well within 45 s)', () => {
    expect(
      isTooSlow(
        seconds(30, (i) => (i % 2 === 0 ? 1 : 0)),
        floor,
      ),
    ).toBe(true);
  });

  it('keeps a 2 Mbit/s link, however long it runs, and a bursty one that averages enough', () => {
    expect(
      isTooSlow(
        seconds(3600, () => 250_000),
        floor,
      ),
    ).toBe(false);
    expect(
      isTooSlow(
        seconds(30, (i) => (i === 29 ? 30 * 8192 : 0)),
        floor,
      ),
    ).toBe(false);
  });

  it('cuts a link that stalls after a good start', () => {
    const history = [...seconds(60, () => 250_000), ...seconds(30, () => 0)];
    expect(isTooSlow(history, floor)).toBe(true);
  });
});
