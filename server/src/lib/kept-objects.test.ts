import { describe, expect, it } from 'vitest';
import { keep, keptBaseOf, keptWith } from './kept-objects.js';

describe('kept objects', () => {
  it('freezes a kept object and its nested objects', () => {
    const card = keep({ title: 'a', views: 1, owner: { username: 'x' } });
    expect(Object.isFrozen(card)).toBe(true);
    expect(Object.isFrozen(card.owner)).toBe(true);
    expect(() => {
      (card as { title: string }).title = 'b';
    }).toThrow(TypeError);
  });

  it('knows a copy by the kept object it was made from', () => {
    const card = keep({ title: 'a', views: 1 });
    const copy = keptWith(card, { views: 7 });
    expect(copy).toEqual({ title: 'a', views: 7 });
    expect(keptBaseOf(copy)).toBe(card);
    expect(keptBaseOf(keptWith(copy, { views: 9 }))).toBe(card);
    expect(keptBaseOf(card)).toBe(card);
  });

  it('knows nothing of objects never kept, or copies of them', () => {
    const plain = { title: 'a', views: 1 };
    expect(keptBaseOf(plain)).toBeUndefined();
    expect(keptBaseOf(keptWith(plain, { views: 2 }))).toBeUndefined();
  });
});
