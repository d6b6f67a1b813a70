import { describe, expect, it } from 'vitest';
import { keyboardTarget, moveItem } from './reorder';

describe('moveItem', () => {
  it('moves an item forwards and backwards', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
  });

  it('clamps the target and ignores a missing item', () => {
    expect(moveItem(['a', 'b'], 0, 9)).toEqual(['b', 'a']);
    expect(moveItem(['a', 'b'], 5, 0)).toEqual(['a', 'b']);
  });
});

describe('keyboardTarget', () => {
  it('moves up, down and to either end', () => {
    expect(keyboardTarget('ArrowUp', 2, 4)).toBe(1);
    expect(keyboardTarget('ArrowDown', 2, 4)).toBe(3);
    expect(keyboardTarget('Home', 2, 4)).toBe(0);
    expect(keyboardTarget('End', 1, 4)).toBe(3);
  });

  it('goes nowhere past the ends or for other keys', () => {
    expect(keyboardTarget('ArrowUp', 0, 4)).toBeUndefined();
    expect(keyboardTarget('ArrowDown', 3, 4)).toBeUndefined();
    expect(keyboardTarget('End', 3, 4)).toBeUndefined();
    expect(keyboardTarget('Enter', 1, 4)).toBeUndefined();
  });
});
