import { describe, expect, it } from 'vitest';
import {
  bytesPerSecond,
  formatRate,
  formatTimeLeft,
  keepRecent,
  secondsLeft,
} from './transfer-rate';

describe('transfer rate', () => {
  it('averages over the last few seconds only', () => {
    const samples = [
      { at: 0, bytes: 0 },
      { at: 10_000, bytes: 1_000_000 },
      { at: 12_000, bytes: 3_000_000 },
      { at: 15_000, bytes: 6_000_000 },
    ];
    const recent = keepRecent(samples);
    expect(recent.map((s) => s.at)).toEqual([10_000, 12_000, 15_000]);
    expect(bytesPerSecond(recent)).toBe(1_000_000);
  });

  it('cannot tell a rate from one sample, nor a time left without a rate', () => {
    expect(bytesPerSecond([{ at: 5, bytes: 10 }])).toBeNull();
    expect(secondsLeft(100, null)).toBeNull();
    expect(secondsLeft(0, null)).toBe(0);
    expect(secondsLeft(2_500_000, 1_000_000)).toBe(3);
  });

  it('words speed and time left as people read them', () => {
    expect(formatRate(250_000)).toBe('244 KB/s');
    expect(formatRate(2.5 * 1024 * 1024)).toBe('2.5 MB/s');
    expect(formatRate(null)).toBe('—');
    expect(formatTimeLeft(45)).toBe('45 s left');
    expect(formatTimeLeft(200)).toBe('3 min 20 s left');
    expect(formatTimeLeft(3900)).toBe('1 h 5 min left');
    expect(formatTimeLeft(null)).toBe('Estimating time left…');
  });
});
