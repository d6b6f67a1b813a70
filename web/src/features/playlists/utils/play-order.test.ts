import { describe, expect, it } from 'vitest';
import { nextInOrder, previousInOrder, shuffledOrder, shuffledWatchPath } from './play-order';

describe('nextInOrder', () => {
  it('goes to the next video, and stops after the last unless looping', () => {
    expect(nextInOrder(['a', 'b', 'c'], 'a', false)).toBe('b');
    expect(nextInOrder(['a', 'b', 'c'], 'c', false)).toBeUndefined();
    expect(nextInOrder(['a', 'b', 'c'], 'c', true)).toBe('a');
  });

  it('starts at the first for a video not in the list, and has nothing in an empty one', () => {
    expect(nextInOrder(['a', 'b'], 'x', false)).toBe('a');
    expect(nextInOrder([], 'x', true)).toBeUndefined();
  });
});

describe('previousInOrder', () => {
  it('goes back, and from the first to the last only when looping', () => {
    expect(previousInOrder(['a', 'b', 'c'], 'b', false)).toBe('a');
    expect(previousInOrder(['a', 'b', 'c'], 'a', false)).toBeUndefined();
    expect(previousInOrder(['a', 'b', 'c'], 'a', true)).toBe('c');
  });
});

describe('shuffledOrder', () => {
  it('keeps the current video first and every other video once', () => {
    const ids = ['a', 'b', 'c', 'd', 'e'];
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const order = shuffledOrder(ids, 'c', random);
    expect(order[0]).toBe('c');
    expect([...order].sort()).toEqual(ids);
  });

  it('shuffles (a fixed random source gives a fixed order)', () => {
    const order = shuffledOrder(['a', 'b', 'c', 'd'], 'a', () => 0);
    expect(order).toEqual(['a', 'c', 'd', 'b']);
  });
});

describe('shuffledWatchPath', () => {
  it('opens the video in the list, shuffled', () => {
    expect(shuffledWatchPath('v1', 'watch-later')).toBe('/watch/v1?list=watch-later&shuffle=1');
  });
});
