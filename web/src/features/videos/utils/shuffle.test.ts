import { describe, expect, it } from 'vitest';
import { shuffle, suggestedVideos } from './shuffle';

/** Replays a fixed list of "random" numbers. */
function sequence(...values: number[]): () => number {
  let index = 0;
  return () => values[index++ % values.length] ?? 0;
}

describe('shuffle', () => {
  it('returns a new array with the same items and leaves the input alone', () => {
    const input = [1, 2, 3, 4, 5];
    const output = shuffle(input);
    expect(output).not.toBe(input);
    expect(input).toEqual([1, 2, 3, 4, 5]);
    expect([...output].sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps the order when every draw picks the last slot', () => {
    expect(shuffle([1, 2, 3, 4], () => 0.999)).toEqual([1, 2, 3, 4]);
  });

  it('follows Fisher–Yates swaps for the given draws', () => {
    // index 3 swaps with 0, index 2 with 0, index 1 with 0.
    expect(shuffle(['a', 'b', 'c', 'd'], sequence(0, 0, 0))).toEqual(['b', 'c', 'd', 'a']);
  });

  it('never reads outside the array even if random returns 1', () => {
    expect(shuffle([1, 2, 3], () => 1)).toEqual([1, 2, 3]);
  });

  it('handles empty and single-item lists', () => {
    expect(shuffle([])).toEqual([]);
    expect(shuffle(['only'])).toEqual(['only']);
  });

  it('produces every order of three items over many runs', () => {
    const seen = new Set<string>();
    for (let run = 0; run < 500; run += 1) seen.add(shuffle([1, 2, 3]).join(''));
    expect(seen.size).toBe(6);
  });
});

describe('suggestedVideos', () => {
  it('drops the video being watched and keeps the rest', () => {
    const feed = [{ _id: 'a' }, { _id: 'b' }, { _id: 'c' }];
    const result = suggestedVideos(feed, 'b', () => 0.999);
    expect(result).toEqual([{ _id: 'a' }, { _id: 'c' }]);
  });

  it('is empty when the feed holds only the current video', () => {
    expect(suggestedVideos([{ _id: 'a' }], 'a')).toEqual([]);
  });
});
