import { describe, expect, it } from 'vitest';
import {
  chapterAt,
  clockSeconds,
  formatStartTime,
  parseChapters,
  parseStartTime,
  splitTimestamps,
} from './chapters.js';

describe('parseChapters', () => {
  it('reads lines that start with timestamps, as YouTube does', () => {
    const description = [
      'My trip to the Alps.',
      '',
      '0:00 Intro',
      '1:05 - The climb',
      '(12:30) Summit: the view',
      '1:02:03 | Going down',
      'Thanks for watching! See 5:00 for the best bit.',
    ].join('\n');
    expect(parseChapters(description)).toEqual([
      { start: 0, title: 'Intro' },
      { start: 65, title: 'The climb' },
      { start: 750, title: 'Summit: the view' },
      { start: 3723, title: 'Going down' },
    ]);
  });

  it('needs at least three, starting at 0:00', () => {
    expect(parseChapters('0:00 A\n1:00 B')).toEqual([]);
    expect(parseChapters('0:05 A\n1:00 B\n2:00 C')).toEqual([]);
    expect(parseChapters('00:00 A\n01:00 B\n02:00 C')).toHaveLength(3);
  });

  it('needs them ascending and at least 10 s long, the last one too when the length is known', () => {
    expect(parseChapters('0:00 A\n0:09 B\n1:00 C')).toEqual([]);
    expect(parseChapters('0:00 A\n2:00 B\n1:00 C')).toEqual([]);
    expect(parseChapters('0:00 A\n0:10 B\n0:20 C')).toHaveLength(3);
    expect(parseChapters('0:00 A\n0:10 B\n0:20 C', 25)).toEqual([]);
    expect(parseChapters('0:00 A\n0:10 B\n0:20 C', 30)).toHaveLength(3);
  });

  it('ignores lines without a title and impossible clocks', () => {
    expect(parseChapters('0:00 A\n0:30\n1:00 B\n1:30 C')).toEqual([
      { start: 0, title: 'A' },
      { start: 60, title: 'B' },
      { start: 90, title: 'C' },
    ]);
    expect(clockSeconds('1:75')).toBeUndefined();
    expect(clockSeconds('1:61:00')).toBeUndefined();
  });
});

describe('chapterAt', () => {
  const chapters = parseChapters('0:00 A\n0:30 B\n1:00 C');
  it('finds the chapter playing at a time', () => {
    expect(chapterAt(chapters, 0)?.title).toBe('A');
    expect(chapterAt(chapters, 45)?.title).toBe('B');
    expect(chapterAt(chapters, 3600)?.title).toBe('C');
    expect(chapterAt([], 10)).toBeUndefined();
  });
});

describe('splitTimestamps', () => {
  it('marks timestamps in text with their seconds, leaving other numbers alone', () => {
    expect(splitTimestamps('Best part at 1:23, and 1:02:03! Not 12:345 or 3.14:15')).toEqual([
      { text: 'Best part at ' },
      { text: '1:23', seconds: 83 },
      { text: ', and ' },
      { text: '1:02:03', seconds: 3723 },
      { text: '! Not 12:345 or 3.14:15' },
    ]);
    expect(splitTimestamps('no times here')).toEqual([{ text: 'no times here' }]);
  });
});

describe('start times', () => {
  it('reads seconds, 1m30s forms and clocks', () => {
    expect(parseStartTime('20')).toBe(20);
    expect(parseStartTime('20s')).toBe(20);
    expect(parseStartTime('1m30s')).toBe(90);
    expect(parseStartTime('1h2m3s')).toBe(3723);
    expect(parseStartTime('2m')).toBe(120);
    expect(parseStartTime('1:30')).toBe(90);
    expect(parseStartTime('abc')).toBeUndefined();
    expect(parseStartTime('')).toBeUndefined();
    expect(parseStartTime(null)).toBeUndefined();
  });

  it('writes them as share links do', () => {
    expect(formatStartTime(90)).toBe('1m30s');
    expect(formatStartTime(45.9)).toBe('45s');
    expect(formatStartTime(3723)).toBe('1h2m3s');
    expect(formatStartTime(3600)).toBe('1h0m0s');
  });
});
