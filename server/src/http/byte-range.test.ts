import { describe, expect, it } from 'vitest';
import { entityTag, etagMatches, parseRange } from './byte-range.js';

describe('parseRange', () => {
  it('reads the three forms of one byte range', () => {
    expect(parseRange('bytes=2-5', 20)).toEqual({ kind: 'partial', start: 2, end: 5 });
    expect(parseRange('bytes=2-', 20)).toEqual({ kind: 'partial', start: 2, end: 19 });
    expect(parseRange('bytes=-5', 20)).toEqual({ kind: 'partial', start: 15, end: 19 });
    expect(parseRange('bytes=-50', 20)).toEqual({ kind: 'partial', start: 0, end: 19 });
    expect(parseRange('bytes=10-999', 20)).toEqual({ kind: 'partial', start: 10, end: 19 });
    expect(parseRange('bytes=0-0', 1)).toEqual({ kind: 'partial', start: 0, end: 0 });
  });

  it('answers the whole file to what it cannot read or will not split', () => {
    for (const header of [
      undefined,
      '',
      'bytes=',
      'bytes=-',
      'bytes=5-2',
      'items=0-1',
      'bytes=0-1,4-5',
      'bytes=a-b',
      'bytes= 1-2',
      `bytes=0-${'9'.repeat(30)}`,
    ]) {
      expect(parseRange(header, 20), String(header)).toEqual({ kind: 'full' });
    }
  });

  it('refuses ranges past the end', () => {
    expect(parseRange('bytes=20-', 20)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=25-30', 20)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-0', 20)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-3', 0)).toEqual({ kind: 'unsatisfiable' });
  });
});

describe('entity tags', () => {
  it('changes with size and time and matches If-None-Match lists', () => {
    const tag = entityTag(1000, 1700000000123.4);
    expect(tag).toMatch(/^"[0-9a-z]+-[0-9a-z]+"$/);
    expect(entityTag(1001, 1700000000123)).not.toBe(tag);
    expect(etagMatches(tag, tag)).toBe(true);
    expect(etagMatches(`"x", W/${tag}`, tag)).toBe(true);
    expect(etagMatches('*', tag)).toBe(true);
    expect(etagMatches('"other"', tag)).toBe(false);
    expect(etagMatches(undefined, tag)).toBe(false);
  });
});
