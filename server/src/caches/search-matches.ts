import { BoundedCache } from '../lib/bounded-cache.js';
import type { SearchFilters, SearchRepository } from '../repositories/search.repository.js';
import { filtersKey } from '../rules/search-options.js';

/** A search's matches at one search generation. */
export interface KeptMatches {
  generation: number;
  /** The newest `cap` public matches' ids, as a JSON array (SearchRepository.matchIds). */
  ids: string;
}

/**
 * The set of matches the ranked search orders (views, length, relevance) rank, kept while the
 * database's search generation is unchanged (SEARCH_GENERATION, in caches/version-coverage.ts:
 * every change of a video's title, hashtag, visibility or length, and every video added or
 * removed, moves it), so a ranked search asked again ranks the kept ids instead of finding
 * them again. Only which videos match is kept: their order, views and cards are read fresh,
 * in the statement that also reads the generation, and a page whose statement read another
 * generation is not taken from here (SearchService). A set is kept only if the generation did
 * not move while it was read. Bounded by the ids held; searches not asked lately go first.
 */
export class SearchMatches {
  private readonly entries: BoundedCache<KeptMatches>;

  constructor(
    private readonly search: Pick<SearchRepository, 'matchIds' | 'searchGeneration'>,
    maxIds = 50_000,
  ) {
    this.entries = new BoundedCache(maxIds);
  }

  /** The set kept for this search, whatever its generation (the caller checks it). */
  kept(q: string, cap: number, filters: SearchFilters): KeptMatches | undefined {
    return this.entries.get(keyOf(q, cap, filters));
  }

  /**
   * Reads the set and keeps it; undefined when the generation moved while it was read, as no
   * single generation then names it.
   */
  async read(q: string, cap: number, filters: SearchFilters): Promise<KeptMatches | undefined> {
    const generation = await this.search.searchGeneration();
    const ids = await this.search.matchIds(q, filters, cap);
    if ((await this.search.searchGeneration()) !== generation) return undefined;
    const entry = { generation, ids };
    // About 27 characters an id in the JSON text: weighed by ids, at least one per set.
    this.entries.set(keyOf(q, cap, filters), entry, Math.max(1, Math.ceil(ids.length / 27)));
    return entry;
  }
}

const keyOf = (q: string, cap: number, filters: SearchFilters) =>
  `${cap}:${filtersKey(filters)}:${q}`;
