import { describe, expect, it } from 'vitest';
import { formatChapterTime } from './chapter-time';

describe('formatChapterTime', () => {
  it('writes times as descriptions do', () => {
    expect(formatChapterTime(0)).toBe('0:00');
    expect(formatChapterTime(65)).toBe('1:05');
    expect(formatChapterTime(3723)).toBe('1:02:03');
  });
});
