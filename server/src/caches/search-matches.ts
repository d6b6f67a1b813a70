import { BoundedCache } from '../lib/bounded-cache.js';
import type {
  KeyedMatch,
  SearchFilters,
  SearchRepository,
} from '../repositories/search.repository.js';
import { filtersKey } from '../rules/search-options.js';

/** A search's matches at one search generation. */
export interface KeptMatches {
  generation: number;
  /** The newest `cap` public matches' ids, newest first (SearchRepository.matchIds). */
  ids: readonly string[];
  /** Each id's sort key in a newest-first page, at the same position. */
  keys: readonly string[];
  /** `ids` as a JSON array, as a ranked order's statement takes them. */
  json: string;
}

/**
 * The set of matches the ranked search orders (views, length, relevance) rank and newest-first
 * pages are cut from, kept while the database's search generation is unchanged
 * (SEARCH_GENERATION, in caches/version-coverage.ts: every change of a video's title, hashtag,
 * visibility or length, and every video added or removed, moves it), so a search asked again
 * reads the kept ids instead of finding them again. Only which videos match, in which time
 * order, is kept: their order by views or length, their views and their cards are read fresh,
 * in the statement that also reads the generation, and a page whose statement read another
 * generation is not taken from here (SearchService). A set is kept only if the generation did
 * not move while it was read. Bounded by the ids held; searches not asked lately go first.
 */
export class SearchMatches {
  private readonly entries: BoundedCache<KeptMatches>;
  /** Searches asked lately, for `askedBefore`: one unit of weight each. */
  private readonly asked: BoundedCache<true>;

  constructor(
    private readonly search: Pick<SearchRepository, 'matchIds' | 'searchGeneration'>,
    // Twenty sets of a thousand: each id is held with its key and in the JSON text, about
    // 120 bytes in all.
    maxIds = 20_000,
    maxAsked = 10_000,
  ) {
    this.entries = new BoundedCache(maxIds);
    this.asked = new BoundedCache(maxAsked);
  }

  /** The set kept for this search, whatever its generation (the caller checks it). */
  kept(q: string, cap: number, filters: SearchFilters): KeptMatches | undefined {
    return this.entries.get(keyOf(q, cap, filters));
  }

  /**
   * Whether this search was asked before (and not forgotten since), noting that it is asked
   * now. A newest-first page needs a set only for a search asked again: reading a whole set
   * costs several pages' worth, which a search asked once would never earn back.
   */
  askedBefore(q: string, cap: number, filters: SearchFilters): boolean {
    const key = keyOf(q, cap, filters);
    if (this.asked.get(key)) return true;
    this.asked.set(key, true);
    return false;
  }

  /**
   * Reads the set and keeps it; undefined when the generation moved while it was read, as no
   * single generation then names it.
   */
  async read(q: string, cap: number, filters: SearchFilters): Promise<KeptMatches | undefined> {
    const generation = await this.search.searchGeneration();
    const matches = await this.search.matchIds(q, filters, cap);
    if ((await this.search.searchGeneration()) !== generation) return undefined;
    const entry = keptOf(generation, matches);
    // Weighed by ids, at least one per set.
    this.entries.set(keyOf(q, cap, filters), entry, Math.max(1, matches.length));
    return entry;
  }
}

function keptOf(generation: number, matches: readonly KeyedMatch[]): KeptMatches {
  const ids = matches.map((m) => m.id);
  return { generation, ids, keys: matches.map((m) => m.key), json: JSON.stringify(ids) };
}

const keyOf = (q: string, cap: number, filters: SearchFilters) =>
  `${cap}:${filtersKey(filters)}:${q}`;
