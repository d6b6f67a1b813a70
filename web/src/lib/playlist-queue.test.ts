import { describe, expect, it } from 'vitest';
import { itemAfter } from './playlist-queue';

describe('itemAfter', () => {
  const items = [{ _id: 'a' }, { _id: 'b' }, { _id: 'c' }];

  it('answers the next item', () => {
    expect(itemAfter(items, 'a')).toEqual({ _id: 'b' });
    expect(itemAfter(items, 'b')).toEqual({ _id: 'c' });
  });

  it('has nothing after the last item, or for an item not in the list', () => {
    expect(itemAfter(items, 'c')).toBeNull();
    expect(itemAfter(items, 'x')).toBeNull();
    expect(itemAfter([], 'a')).toBeNull();
  });
});
