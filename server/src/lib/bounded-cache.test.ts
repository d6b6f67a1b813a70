import { describe, expect, it } from 'vitest';
import { BoundedCache } from './bounded-cache.js';

describe('BoundedCache', () => {
  it('answers what it holds and replaces a key’s value', () => {
    const cache = new BoundedCache<number>(10);
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', 1);
    cache.set('a', 2);
    expect(cache.get('a')).toBe(2);
  });

  it('drops the oldest entry not read since the last pass once over its weight', () => {
    const cache = new BoundedCache<string>(2);
    cache.set('a', 'A');
    cache.set('b', 'B');
    cache.get('a');
    cache.set('c', 'C');
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual(['A', undefined, 'C']);
  });

  it('counts each entry’s own weight, and keeps nothing heavier than the bound', () => {
    const cache = new BoundedCache<string>(10);
    cache.set('light', 'x', 4);
    cache.set('heavy', 'y', 7);
    expect(cache.get('light')).toBeUndefined();
    expect(cache.get('heavy')).toBe('y');
    cache.set('huge', 'z', 11);
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.get('heavy')).toBe('y');
  });

  it('replacing a key frees its old weight', () => {
    const cache = new BoundedCache<string>(10);
    cache.set('a', 'old', 8);
    cache.set('a', 'new', 8);
    cache.set('b', 'B', 2);
    expect([cache.get('a'), cache.get('b')]).toEqual(['new', 'B']);
  });
});
