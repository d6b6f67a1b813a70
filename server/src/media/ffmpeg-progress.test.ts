import { describe, expect, it } from 'vitest';
import { isTruncated, percentOf, ProgressReader } from './ffmpeg-progress.js';

describe('ProgressReader', () => {
  it('follows out_time across chunks split mid-line, and sees the end', () => {
    const reader = new ProgressReader();
    reader.push('frame=10\nout_time_ms=1000');
    expect(reader.seconds).toBe(0);
    reader.push('000\nout_time=00:00:01.000000\nprogress=continue\n');
    expect(reader.seconds).toBe(1);
    reader.push('out_time_ms=2480000\nprogress=end\n');
    expect(reader.seconds).toBeCloseTo(2.48);
    expect(reader.ended).toBe(true);
  });

  it('ignores negative and missing times', () => {
    const reader = new ProgressReader();
    reader.push('out_time_ms=-23000\nout_time_us=N/A\n');
    expect(reader.seconds).toBe(0);
  });
});

describe('percentOf', () => {
  it('is a clamped whole percent', () => {
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(5, 4)).toBe(100);
    expect(percentOf(1, 0)).toBe(0);
  });
});

describe('isTruncated', () => {
  it('flags a stream that ends well before its stated duration', () => {
    expect(isTruncated(1, 2)).toBe(true);
    expect(isTruncated(5, 10)).toBe(true);
    expect(isTruncated(1.96, 2)).toBe(false);
    expect(isTruncated(9.5, 10)).toBe(false);
    expect(isTruncated(0, 0)).toBe(true);
    expect(isTruncated(3, 0)).toBe(false);
  });
});
