import { describe, expect, it } from 'vitest';
import { isWellFormedDeep } from './well-formed-text.js';

describe('well-formed text', () => {
  it('finds a lone surrogate in any string, key or nested value', () => {
    expect(isWellFormedDeep('Bob \ud800 X')).toBe(false);
    expect(isWellFormedDeep('\udc00')).toBe(false);
    expect(isWellFormedDeep('pair reversed \udc00\ud800')).toBe(false);
    expect(isWellFormedDeep({ title: 'ok', tags: ['x', 'y\udfff'] })).toBe(false);
    expect(isWellFormedDeep({ 'k\ud800': 1 })).toBe(false);
    expect(isWellFormedDeep({ a: { b: [{ c: 'end\ud83d' }] } })).toBe(false);
  });

  it('finds one below any depth', () => {
    let deep: unknown = '\ud800';
    for (let i = 0; i < 10_000; i += 1) deep = i % 2 ? [deep] : { k: deep };
    expect(isWellFormedDeep(deep)).toBe(false);
  });

  it('passes well-formed text, paired surrogates included, and non-strings', () => {
    for (const v of [
      '',
      'plain',
      'emoji \ud83d\ude00 and é',
      '\\ud800',
      '\ufffd',
      0,
      null,
      undefined,
      true,
      { a: [1, 'b', { '\ud83d\ude00': 'c' }] },
    ]) {
      expect(isWellFormedDeep(v)).toBe(true);
    }
  });
});
