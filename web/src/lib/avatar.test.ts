import { describe, expect, it } from 'vitest';
import { avatarColorIndex, getInitials } from './avatar';

describe('getInitials', () => {
  it.each([
    ['Ada Lovelace', 'AL'],
    ['ada', 'A'],
    ['  grace   brewster murray hopper ', 'GH'],
    ['john_doe', 'JD'],
    ['jane.smith', 'JS'],
    ['émile zola', 'ÉZ'],
    ['', ''],
    ['   ', ''],
  ])('%j gives %j', (name, expected) => {
    expect(getInitials(name)).toBe(expected);
  });

  it('keeps characters outside the basic plane whole', () => {
    expect(getInitials('😀 smile')).toBe('😀S');
  });
});

describe('avatarColorIndex', () => {
  it('is stable for a name, ignoring case and surrounding space', () => {
    const index = avatarColorIndex('Ada Lovelace', 12);
    expect(avatarColorIndex('Ada Lovelace', 12)).toBe(index);
    expect(avatarColorIndex('  ada lovelace ', 12)).toBe(index);
  });

  it('stays inside the palette', () => {
    for (const name of ['a', 'b', 'alice', 'bob', 'carol', 'dave', 'x'.repeat(200)]) {
      const index = avatarColorIndex(name, 7);
      expect(index).toBeGreaterThanOrEqual(0);
      expect(index).toBeLessThan(7);
      expect(Number.isInteger(index)).toBe(true);
    }
  });

  it('spreads different names over the palette', () => {
    const names = Array.from({ length: 60 }, (_, i) => `user${i}`);
    const used = new Set(names.map((name) => avatarColorIndex(name, 12)));
    expect(used.size).toBeGreaterThan(6);
  });

  it('copes with an empty palette', () => {
    expect(avatarColorIndex('ada', 0)).toBe(0);
  });
});
