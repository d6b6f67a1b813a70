import { describe, expect, it } from 'vitest';
import { nextActiveIndex } from './suggestion-nav';

describe('nextActiveIndex', () => {
  it('moves down from the text box to the first option and on', () => {
    expect(nextActiveIndex(-1, 'ArrowDown', 3)).toBe(0);
    expect(nextActiveIndex(0, 'ArrowDown', 3)).toBe(1);
  });

  it('returns to the text box past the last option', () => {
    expect(nextActiveIndex(2, 'ArrowDown', 3)).toBe(-1);
  });

  it('moves up from the text box to the last option', () => {
    expect(nextActiveIndex(-1, 'ArrowUp', 3)).toBe(2);
    expect(nextActiveIndex(0, 'ArrowUp', 3)).toBe(-1);
  });

  it('stays on the text box when there are no options', () => {
    expect(nextActiveIndex(-1, 'ArrowDown', 0)).toBe(-1);
    expect(nextActiveIndex(4, 'ArrowUp', 0)).toBe(-1);
  });
});
