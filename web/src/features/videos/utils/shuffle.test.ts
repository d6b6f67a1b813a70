import { describe, expect, it } from 'vitest';
import { hashtagWords, orderSuggestions, shuffle } from './shuffle';

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

describe('hashtagWords', () => {
  it('reads each word once, lower-cased, without its #', () => {
    expect([...hashtagWords('#Travel  #food travel ##Alps')]).toEqual(['travel', 'food', 'alps']);
    expect(hashtagWords('   ').size).toBe(0);
  });
});

describe('orderSuggestions', () => {
  const video = (_id: string, owner: string, hashtag = '#other') => ({
    _id,
    owner: { _id: owner },
    hashtag,
  });
  const current = video('now', 'ada', '#Travel #alps');
  const candidates = [
    video('r1', 'bob'),
    video('t1', 'bob', '#travel'),
    video('c1', 'ada', '#cooking'),
    video('r2', 'cy', '#travelling'),
    video('t2', 'cy', '#food #ALPS'),
    video('c2', 'ada'),
    video('now', 'ada', '#travel'),
    video('r1', 'bob'),
  ];
  const ids = (list: { _id: string }[]) => list.map((v) => v._id);

  it('puts the same channel first, then shared hashtags, then the rest', () => {
    // Every draw keeps the order within a group (see shuffle), so only the grouping shows.
    expect(ids(orderSuggestions(current, candidates, () => 0.999))).toEqual([
      'c1',
      'c2',
      't1',
      't2',
      'r1',
      'r2',
    ]);
  });

  it('shuffles within each group and never across groups', () => {
    const seen = new Set<string>();
    for (let run = 0; run < 300; run += 1) {
      const order = ids(orderSuggestions(current, candidates));
      expect(new Set(order.slice(0, 2))).toEqual(new Set(['c1', 'c2']));
      expect(new Set(order.slice(2, 4))).toEqual(new Set(['t1', 't2']));
      expect(new Set(order.slice(4))).toEqual(new Set(['r1', 'r2']));
      seen.add(order.join());
    }
    expect(seen.size).toBe(8);
  });

  it('leaves out the video being watched and repeats none', () => {
    const order = ids(orderSuggestions(current, candidates));
    expect(order).not.toContain('now');
    expect(new Set(order).size).toBe(order.length);
    expect(orderSuggestions(current, [])).toEqual([]);
  });
});
