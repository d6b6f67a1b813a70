import { LIMITS, type VideoSearchQuery } from '@contract';
import { SearchCounts } from '../caches/search-counts.js';
import { SearchMatches, type KeptMatches } from '../caches/search-matches.js';
import type { VideoCards } from '../caches/video-cards.js';
import {
  rankedOrder,
  type SearchPageQuery,
  type SearchRepository,
  type SearchRow,
} from '../repositories/search.repository.js';
import { decodeCursor, pageOf } from '../rules/list-cursor.js';
import { searchFilters, searchOrder } from '../rules/search-options.js';
import { pageInfo } from '../rules/video-query.js';
import type { VideoPage } from './video.service.js';

/**
 * A newest-first page by position: the kind a kept set of matches answers (the set is the
 * newest matches, so neither oldest-first pages nor pages after a cursor's row are cut from it).
 */
const newestByPosition = (query: SearchPageQuery) =>
  query.order.by === 'createdAt' && query.order.direction === 'desc' && !query.after;

/** The order a search cursor is made for: newest first keeps the name it always had. */
const searchCursorOrder = (direction: 'asc' | 'desc') =>
  direction === 'desc' ? 'search' : 'search:asc';

export interface VideoSearchPage extends VideoPage {
  totalCapped: boolean;
}

/** Search over public videos' titles and hashtags, and the search box's suggestions. */
export class SearchService {
  private readonly searchCounts: SearchCounts;
  private readonly searchMatches: SearchMatches;

  constructor(
    private readonly deps: {
      search: SearchRepository;
      cards: VideoCards;
      now?: () => number;
    },
  ) {
    this.searchCounts = new SearchCounts(deps.search);
    this.searchMatches = new SearchMatches(deps.search);
  }

  private now(): number {
    return this.deps.now ? this.deps.now() : Date.now();
  }

  /**
   * Newest first unless another order is asked for; counted and paged up to
   * LIMITS.searchResultsMax matches. Other orders rank those same newest matches. In time
   * order (either way) a page can also start after the row a cursor names (which also carries
   * how deep the list already is); other orders page by position only.
   */
  async search(query: VideoSearchQuery): Promise<VideoSearchPage> {
    const { q, page, limit } = query;
    const cap = LIMITS.searchResultsMax;
    const order = searchOrder(query.sortBy, query.sortType);
    const cursorOrder = order.by === 'createdAt' ? searchCursorOrder(order.direction) : null;
    const after = query.cursor ? decodeCursor(query.cursor, cursorOrder, 'digits') : undefined;
    const offset = after ? after.served : (page - 1) * limit;
    if (!q) {
      return { data: [], ...pageInfo(0, page, limit), totalCapped: false, nextCursor: null };
    }
    const filters = searchFilters(query, this.now());
    // Pages end at the cap, so a deep page costs no more than the last counted one.
    const take = Math.max(0, Math.min(limit, cap - offset));
    const pageArgs = {
      q,
      order,
      filters,
      limit: take + 1,
      offset: after ? 0 : offset,
      cap,
      after: after && { key: String(after.key), id: after.id },
    };
    const next = offset + take < cap ? cursorOrder : null;
    const firstPage = offset === 0 && !after;
    // The page's one statement carries the search generation it read: with the count kept at
    // that generation and every card kept, it answers alone. Otherwise the page and its count
    // are read in one snapshot, so the total counts what the page shows.
    const { page: read, entries } = await this.deps.cards.readOneStatement(
      async () => {
        const rows = take === 0 ? [] : await this.pageRows(pageArgs);
        const generation = rows[0]?.search_generation;
        // A first page with nothing on it is its own count: nothing matches.
        const matches =
          generation == null
            ? firstPage && take > 0 && rows.length === 0
              ? 0
              : undefined
            : this.searchCounts.kept(q, cap, filters, Number(generation));
        return { matches, ...pageOf(rows, take, next, offset) };
      },
      {
        complete: (page) => page.matches !== undefined,
        whole: async () => {
          const [rows, matches] = await Promise.all([
            take === 0 ? [] : this.deps.search.searchPage(pageArgs),
            this.searchCounts.count(q, cap, filters),
          ]);
          return { matches: matches as number | undefined, ...pageOf(rows, take, next, offset) };
        },
      },
    );
    const matches = read.matches ?? 0;
    const total = Math.min(matches, cap);
    return {
      data: entries.map((e) => e.video),
      ...pageInfo(total, page, limit),
      totalCapped: matches > cap,
      nextCursor: read.nextCursor,
    };
  }

  /**
   * A page's rows in one statement. A ranked order ranks the matches kept for the search, and a
   * newest-first page by position is cut from them, when its statement reads the generation
   * they were kept at, which says they are still every match there is; a set kept at an older
   * generation is read again first. A newest-first page reads a set only for a search asked
   * before (SearchMatches.askedBefore). An empty page reads no generation to go by, and a set
   * that keeps moving is not waited for: then the page finds its matches itself.
   */
  private async pageRows(query: SearchPageQuery): Promise<SearchRow[]> {
    const order = rankedOrder(query.order);
    const fromKept = order
      ? (kept: KeptMatches) => this.deps.search.rankMatches({ ...query, order }, kept.json)
      : newestByPosition(query)
        ? (kept: KeptMatches) => this.newestFromKept(query, kept)
        : undefined;
    if (!fromKept) return this.deps.search.searchPage(query);
    const { q, cap, filters } = query;
    let kept = this.searchMatches.kept(q, cap, filters);
    if (!kept && !order && !this.searchMatches.askedBefore(q, cap, filters)) {
      return this.deps.search.searchPage(query);
    }
    for (let attempt = 0; attempt < 2; attempt += 1) {
      kept ??= await this.searchMatches.read(q, cap, filters);
      if (!kept) break;
      const rows = await fromKept(kept);
      if (rows.length === 0) break;
      if (Number(rows[0]!.search_generation) === kept.generation) return rows;
      kept = undefined;
    }
    return this.deps.search.searchPage(query);
  }

  /**
   * The page's slice of the kept matches, read fresh, in their order and with their keys. At
   * the set's generation every id of the slice is a public video; a row missing means the
   * statement read another generation, which the caller sees on the rows it got.
   */
  private async newestFromKept(query: SearchPageQuery, kept: KeptMatches): Promise<SearchRow[]> {
    const end = query.offset + query.limit;
    const ids = kept.ids.slice(query.offset, end);
    if (ids.length === 0) return [];
    const rows = await this.deps.search.matchedRows(JSON.stringify(ids));
    if (rows.length === 0) return [];
    if (rows.length !== ids.length) {
      // Only another generation hides a kept match: its rows say so, and the set is read
      // again. At the same one (which no change allows) the page walks the index.
      return Number(rows[0]!.search_generation) === kept.generation ? [] : rows;
    }
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id, i) => ({ ...byId.get(id)!, sort_key: kept.keys[query.offset + i]! }));
  }

  async suggestions(q: string): Promise<{ _id: string; title: string }[]> {
    if (!q) return [];
    const rows = await this.deps.search.suggest(q, LIMITS.suggestionsMax);
    return rows.map((r) => ({ _id: r.id, title: r.title }));
  }

  /** Housekeeping, run periodically: keeps the search index compact. */
  async prune(): Promise<void> {
    await this.deps.search.compactSearchIndex();
  }
}
