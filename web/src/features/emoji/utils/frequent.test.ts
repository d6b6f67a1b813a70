import { describe, expect, it } from 'vitest';
import { FREQUENT_MAX, parseFrequent, recordEmojiUse } from './frequent';

describe('recordEmojiUse', () => {
  it('holds at most four rows of nine', () => {
    expect(FREQUENT_MAX).toBe(36);
  });

  it('adds a new emoji with one use', () => {
    expect(recordEmojiUse([], 'smile')).toEqual([{ id: 'smile', count: 1 }]);
  });

  it('puts a new emoji before older ones with the same count', () => {
    const list = [
      { id: 'a', count: 3 },
      { id: 'b', count: 1 },
    ];
    expect(recordEmojiUse(list, 'c').map((e) => e.id)).toEqual(['a', 'c', 'b']);
  });

  it('counts a repeat use and moves it up to the front of its count', () => {
    const list = [
      { id: 'a', count: 2 },
      { id: 'b', count: 2 },
      { id: 'c', count: 1 },
    ];
    expect(recordEmojiUse(list, 'c')).toEqual([
      { id: 'c', count: 2 },
      { id: 'a', count: 2 },
      { id: 'b', count: 2 },
    ]);
    expect(recordEmojiUse(list, 'b')[0]).toEqual({ id: 'b', count: 3 });
  });

  it('drops the least used entry past the cap', () => {
    const list = Array.from({ length: FREQUENT_MAX }, (_, i) => ({ id: `e${i}`, count: 2 }));
    const next = recordEmojiUse(list, 'new');
    expect(next).toHaveLength(FREQUENT_MAX);
    expect(next.at(-1)).toEqual({ id: 'new', count: 1 });
    expect(recordEmojiUse(next, 'other').some((e) => e.id === 'new')).toBe(false);
  });

  it('does not change the list it was given', () => {
    const list = [{ id: 'a', count: 1 }];
    recordEmojiUse(list, 'a');
    expect(list).toEqual([{ id: 'a', count: 1 }]);
  });
});

describe('parseFrequent', () => {
  it('reads a stored list, most used first', () => {
    const raw = JSON.stringify([
      { id: 'a', count: 1 },
      { id: 'b', count: 4 },
    ]);
    expect(parseFrequent(raw).map((e) => e.id)).toEqual(['b', 'a']);
  });

  it('ignores broken, foreign or duplicate entries', () => {
    expect(parseFrequent(null)).toEqual([]);
    expect(parseFrequent('not json')).toEqual([]);
    expect(parseFrequent('{"a":1}')).toEqual([]);
    const raw = JSON.stringify([
      { id: 'a', count: 2 },
      { id: 'a', count: 9 },
      { id: '', count: 1 },
      { id: 'b', count: -1 },
      'c',
      { id: 'd', count: 1 },
    ]);
    expect(parseFrequent(raw)).toEqual([
      { id: 'a', count: 2 },
      { id: 'd', count: 1 },
    ]);
  });

  it('keeps at most the cap', () => {
    const raw = JSON.stringify(Array.from({ length: 50 }, (_, i) => ({ id: `e${i}`, count: 1 })));
    expect(parseFrequent(raw)).toHaveLength(FREQUENT_MAX);
  });
});
