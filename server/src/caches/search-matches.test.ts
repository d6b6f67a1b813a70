import { describe, expect, it } from 'vitest';
import { SearchMatches } from './search-matches.js';

/** A repository whose generation and matches the test moves by hand. */
function fakeSearch() {
  const state = {
    generation: 0,
    matches: new Map<string, string[]>(),
    reads: 0,
    // Moves the generation while the matches are read, like a write from another process.
    moveDuringRead: false,
  };
  const search = {
    async searchGeneration() {
      return state.generation;
    },
    async matchIds(q: string) {
      state.reads += 1;
      if (state.moveDuringRead) state.generation += 1;
      return (state.matches.get(q) ?? []).map((id, i) => ({ id, key: `k${i}` }));
    },
  };
  return { state, search };
}

describe('SearchMatches', () => {
  it('keeps the set it read with the generation it was read at', async () => {
    const { state, search } = fakeSearch();
    state.matches.set('cat', ['a', 'b']);
    state.generation = 7;
    const matches = new SearchMatches(search);
    expect(matches.kept('cat', 1000, {})).toBeUndefined();
    const kept = { generation: 7, ids: ['a', 'b'], keys: ['k0', 'k1'], json: '["a","b"]' };
    expect(await matches.read('cat', 1000, {})).toEqual(kept);
    expect(matches.kept('cat', 1000, {})).toEqual(kept);
    expect(state.reads).toBe(1);
  });

  it('keeps each search apart: its text, its cap and its filters', async () => {
    const { state, search } = fakeSearch();
    state.matches.set('cat', ['a']);
    const matches = new SearchMatches(search);
    await matches.read('cat', 1000, { since: 60_000 });
    expect(matches.kept('cat', 1000, { since: 60_000 })).toBeDefined();
    expect(matches.kept('cat', 1000, {})).toBeUndefined();
    expect(matches.kept('cat', 1000, { since: 120_000 })).toBeUndefined();
    expect(matches.kept('cat', 999, { since: 60_000 })).toBeUndefined();
    expect(matches.kept('dog', 1000, { since: 60_000 })).toBeUndefined();
    expect(matches.kept('cat', 1000, { since: 60_000, minDuration: 240 })).toBeUndefined();
  });

  it('keeps no set that was read while the generation moved', async () => {
    const { state, search } = fakeSearch();
    state.matches.set('cat', ['a']);
    state.moveDuringRead = true;
    const matches = new SearchMatches(search);
    expect(await matches.read('cat', 1000, {})).toBeUndefined();
    expect(matches.kept('cat', 1000, {})).toBeUndefined();
  });

  it('replaces a set when it is read again at a newer generation', async () => {
    const { state, search } = fakeSearch();
    state.matches.set('cat', ['a']);
    const matches = new SearchMatches(search);
    await matches.read('cat', 1000, {});
    state.generation = 1;
    state.matches.set('cat', ['a', 'c']);
    await matches.read('cat', 1000, {});
    expect(matches.kept('cat', 1000, {})).toMatchObject({ generation: 1, json: '["a","c"]' });
  });

  it('holds a bounded number of ids, dropping the sets not asked lately', async () => {
    const { state, search } = fakeSearch();
    const ids = (prefix: string) =>
      Array.from({ length: 100 }, (_, i) => `${prefix}${String(i).padStart(23, '0')}`);
    state.matches.set('one', ids('a'));
    state.matches.set('two', ids('b'));
    state.matches.set('three', ids('c'));
    // Room for two sets of a hundred ids.
    const matches = new SearchMatches(search, 250);
    await matches.read('one', 1000, {});
    await matches.read('two', 1000, {});
    matches.kept('two', 1000, {});
    await matches.read('three', 1000, {});
    expect(matches.kept('one', 1000, {})).toBeUndefined();
    expect(matches.kept('two', 1000, {})).toBeDefined();
    expect(matches.kept('three', 1000, {})).toBeDefined();
  });

  it('tells a search asked before from one asked for the first time', () => {
    const { search } = fakeSearch();
    const matches = new SearchMatches(search, 1000, 2);
    expect(matches.askedBefore('cat', 1000, {})).toBe(false);
    expect(matches.askedBefore('cat', 1000, {})).toBe(true);
    // Each search apart: its text, its cap and its filters.
    expect(matches.askedBefore('cat', 1000, { since: 60_000 })).toBe(false);
    expect(matches.askedBefore('cat', 999, {})).toBe(false);
    // Room for two: the oldest not asked again is forgotten.
    expect(matches.askedBefore('dog', 1000, {})).toBe(false);
    expect(matches.askedBefore('cat', 1000, { since: 60_000 })).toBe(false);
    expect(matches.askedBefore('dog', 1000, {})).toBe(true);
  });
});
