import type { VideoRepository } from '../repositories/video.repository.js';

interface Entry {
  generation: number;
  matches: number;
}

/**
 * Search match counts, reused while the database's search generation is unchanged (see
 * migration 009), so the same query asked again costs one single-row read instead of counting
 * up to a thousand matches. A count is kept only if the generation did not move while it was
 * being counted, so a kept count is always the count of that generation. Bounded: the least
 * recently asked queries are dropped first.
 */
export class SearchCounts {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly videos: Pick<VideoRepository, 'searchCount' | 'searchGeneration'>,
    private readonly maxEntries = 2000,
  ) {}

  async count(q: string, cap: number): Promise<number> {
    const key = `${cap}:${q}`;
    const generation = await this.videos.searchGeneration();
    const hit = this.entries.get(key);
    if (hit && hit.generation === generation) {
      // Map order is insertion order: re-inserting marks it as the most recently asked.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.matches;
    }
    const matches = await this.videos.searchCount(q, cap);
    if ((await this.videos.searchGeneration()) === generation) {
      this.entries.delete(key);
      this.entries.set(key, { generation, matches });
      if (this.entries.size > this.maxEntries) {
        this.entries.delete(this.entries.keys().next().value as string);
      }
    }
    return matches;
  }
}
