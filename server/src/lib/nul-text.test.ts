import { describe, expect, it } from 'vitest';
import { containsNul, targetContainsNul } from './nul-text.js';

describe('NUL detection', () => {
  it('finds a NUL in any string, key or nested value', () => {
    expect(containsNul('a\u0000b')).toBe(true);
    expect(containsNul({ title: 'ok', tags: ['x', 'y\u0000'] })).toBe(true);
    expect(containsNul({ 'k\u0000': 1 })).toBe(true);
    expect(containsNul({ a: { b: { c: '\u0000' } } })).toBe(true);
  });
  it('passes everything else', () => {
    for (const v of ['', 'plain', '\\0', '%00', 0, null, undefined, true, { a: [1, 'b'] }]) {
      expect(containsNul(v)).toBe(false);
    }
  });
  it('finds a NUL in a request target, encoded in any case', () => {
    expect(targetContainsNul('/api/v1/videos/search?q=a%00b')).toBe(true);
    expect(targetContainsNul('/api/v1/x%00')).toBe(true);
    expect(targetContainsNul('/api/v1/x\u0000')).toBe(true);
    expect(targetContainsNul('/api/v1/videos/search?q=100%25')).toBe(false);
    expect(targetContainsNul('/api/v1/videos/search?q=%2500')).toBe(false);
  });
});
