import { describe, expect, it } from 'vitest';
import { isoTime } from './iso-time.js';

describe('isoTime', () => {
  it('writes exactly what toISOString writes', () => {
    const edges = [
      0,
      1,
      999,
      86_399_999,
      86_400_000,
      951_782_400_000, // 2000-02-29, a leap day of a century year
      4_107_542_400_000, // 2100-03-01, after a century year without one
      1_709_251_199_999, // 2024-02-29T23:59:59.999Z
      1_735_689_599_999, // the last millisecond of 2024
      253_402_300_799_999, // the last millisecond of 9999
    ];
    for (const ms of edges) expect(isoTime(ms)).toBe(new Date(ms).toISOString());
    // A spread of times across four centuries, at odd milliseconds.
    for (let ms = 3; ms < 12_600_000_000_000; ms += 7_919_123_457) {
      expect(isoTime(ms)).toBe(new Date(ms).toISOString());
    }
  });

  it('leaves times outside years 1970 to 9999, and fractions, to Date', () => {
    for (const ms of [-1, -86_400_001, 253_402_300_800_000, 1.5]) {
      expect(isoTime(ms)).toBe(new Date(ms).toISOString());
    }
  });
});
