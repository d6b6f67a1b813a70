import { BoundedCache } from '../lib/bounded-cache.js';
import type { SearchFilters, SearchRepository } from '../repositories/search.repository.js';
import { filtersKey } from '../rules/search-options.js';

interface Entry {
  generation: number;
  matches: number;
}

/**
 * Search match counts, reused while the database's search generation is unchanged (see
 * migration 009), so the same query asked again costs one single-row read instead of counting
 * up to a thousand matches. A count is kept only if the generation did not move while it was
 * being counted, so a kept count is always the count of that generation. Bounded: queries not
 * asked lately are dropped first.
 */
export class SearchCounts {
  private readonly entries: BoundedCache<Entry>;

  constructor(
    private readonly search: Pick<SearchRepository, 'searchCount' | 'searchGeneration'>,
    maxEntries = 2000,
  ) {
    this.entries = new BoundedCache(maxEntries);
  }

  /** The count kept for this search at `generation`, without asking the database. */
  kept(q: string, cap: number, filters: SearchFilters, generation: number): number | undefined {
    const hit = this.entries.get(`${cap}:${filtersKey(filters)}:${q}`);
    return hit && hit.generation === generation ? hit.matches : undefined;
  }

  async count(q: string, cap: number, filters: SearchFilters = {}): Promise<number> {
    const key = `${cap}:${filtersKey(filters)}:${q}`;
    const generation = await this.search.searchGeneration();
    const hit = this.entries.get(key);
    if (hit && hit.generation === generation) return hit.matches;
    const matches = await this.search.searchCount(q, cap, filters);
    if ((await this.search.searchGeneration()) === generation) {
      this.entries.set(key, { generation, matches });
    }
    return matches;
  }
}
