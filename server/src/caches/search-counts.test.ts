import { describe, expect, it } from 'vitest';
import { SearchCounts } from './search-counts.js';

/** A repository whose generation and counts the test moves by hand. */
function fakeVideos() {
  const state = {
    generation: 0,
    counts: new Map<string, number>(),
    counted: 0,
    // Moves the generation while a count is under way, like a write from another process.
    moveDuringCount: false,
  };
  const videos = {
    async searchGeneration() {
      return state.generation;
    },
    async searchCount(q: string) {
      state.counted += 1;
      if (state.moveDuringCount) state.generation += 1;
      return state.counts.get(q) ?? 0;
    },
  };
  return { state, videos };
}

describe('SearchCounts', () => {
  it('counts a query once while nothing searchable changes', async () => {
    const { state, videos } = fakeVideos();
    state.counts.set('cat', 12);
    const counts = new SearchCounts(videos);
    expect(await counts.count('cat', 1000)).toBe(12);
    expect(await counts.count('cat', 1000)).toBe(12);
    expect(state.counted).toBe(1);
  });

  it('tells what it keeps for a generation, without asking the database', async () => {
    const { state, videos } = fakeVideos();
    state.counts.set('cat', 12);
    const counts = new SearchCounts(videos);
    expect(counts.kept('cat', 1000, {}, 0)).toBeUndefined();
    await counts.count('cat', 1000);
    expect(counts.kept('cat', 1000, {}, 0)).toBe(12);
    expect(counts.kept('cat', 1000, {}, 1)).toBeUndefined();
    expect(counts.kept('cat', 999, {}, 0)).toBeUndefined();
    expect(counts.kept('dog', 1000, {}, 0)).toBeUndefined();
    expect(state.counted).toBe(1);
  });

  it('counts again once the generation moves', async () => {
    const { state, videos } = fakeVideos();
    state.counts.set('cat', 12);
    const counts = new SearchCounts(videos);
    await counts.count('cat', 1000);
    state.generation += 1;
    state.counts.set('cat', 13);
    expect(await counts.count('cat', 1000)).toBe(13);
    expect(state.counted).toBe(2);
  });

  it('keeps no count that was taken while the generation moved', async () => {
    const { state, videos } = fakeVideos();
    state.counts.set('cat', 12);
    const counts = new SearchCounts(videos);
    state.moveDuringCount = true;
    await counts.count('cat', 1000);
    state.moveDuringCount = false;
    await counts.count('cat', 1000);
    expect(state.counted).toBe(2);
  });

  it('keeps counts for different caps apart', async () => {
    const { state, videos } = fakeVideos();
    const counts = new SearchCounts(videos);
    await counts.count('cat', 10);
    await counts.count('cat', 1000);
    expect(state.counted).toBe(2);
  });

  it('drops the least recently asked query beyond its size', async () => {
    const { state, videos } = fakeVideos();
    const counts = new SearchCounts(videos, 2);
    await counts.count('a', 1000);
    await counts.count('b', 1000);
    await counts.count('a', 1000); // now the most recent
    await counts.count('c', 1000); // drops 'b'
    expect(state.counted).toBe(3);
    await counts.count('a', 1000);
    expect(state.counted).toBe(3);
    await counts.count('b', 1000);
    expect(state.counted).toBe(4);
  });
});
