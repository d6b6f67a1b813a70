import {
  sql,
  type Expression,
  type Kysely,
  type RawBuilder,
  type AliasableExpression,
  type SqlBool,
} from 'kysely';
import type { Dialect } from '../db/database.js';
import {
  searchIndexQuery,
  titleRelevance,
  videoTextContains,
  type SearchColumn,
} from '../db/dialect-sql.js';
import type { Database } from '../db/schema.js';
import { searchGenerationQuery } from './search-generation.js';
import { afterRow } from './keyset.js';
import { listedVideos, type KeyedListRow } from './video.repository.js';

/** Where a search page starts: its key is the index's rowid (SQLite) or creation time, in digits. */
export interface SearchAfter {
  key: string;
  id: string;
}

/** What a search keeps of the matches: uploaded since a time, and a range of lengths. */
export interface SearchFilters {
  /** Epoch ms: created at or after. */
  since?: number;
  /** Seconds: at least. */
  minDuration?: number;
  /** Seconds: less than. */
  maxDuration?: number;
}

/** How a search orders its matches. */
export type SearchOrder =
  { by: 'relevance' } | { by: 'createdAt' | 'views' | 'duration'; direction: 'asc' | 'desc' };

/** An order other than by time: it ranks the newest `cap` matches. */
export type RankedOrder =
  { by: 'relevance' } | { by: 'views' | 'duration'; direction: 'asc' | 'desc' };

/** The order as a ranked one, or undefined for the time orders. */
export function rankedOrder(order: SearchOrder): RankedOrder | undefined {
  if (order.by === 'createdAt') return undefined;
  return order.by === 'relevance' ? order : { by: order.by, direction: order.direction };
}

/** A search page in a ranked order. */
export interface RankedPageQuery extends Omit<SearchPageQuery, 'order' | 'after'> {
  order: RankedOrder;
}

/** One of a search's matches, with the key a newest-first page sorts it by (`SearchRow`). */
export interface KeyedMatch {
  id: string;
  key: string;
}

/** A search page's row, with the search generation its statement read (migration 009). */
export interface SearchRow extends KeyedListRow {
  search_generation: number | null;
}

/** What a search reads: its text, order, filters and page (see SearchService.search). */
export interface SearchPageQuery {
  q: string;
  order: SearchOrder;
  filters: SearchFilters;
  limit: number;
  offset: number;
  /** Orders other than by time rank at most this many matches, the newest. */
  cap: number;
  /** Time order only: the page starts after this row (keyset paging) instead of at `offset`. */
  after?: SearchAfter;
}

const SEARCHED: SearchColumn[] = ['title', 'hashtag'];
/**
 * Search over public videos' titles and hashtags: the index (SQLite's full-text table, or
 * PostgreSQL's trigram index) read for a page, a count, the search generation and suggestions.
 */
export class SearchRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  /** Newest-first rows, as the video lists read them (VideoRepository). */
  private listed() {
    return listedVideos(this.db);
  }

  /**
   * One page of the public videos whose title or hashtag contains `q` and that pass the
   * filters. Newest (or oldest) first reads the index in its order and stops after the page,
   * by position or after a row already shown; any other order ranks the newest `cap` matches,
   * the ones a search counts, and pages them by position. Each row's `sort_key` is where the
   * next page in time order starts: the index's rowid on SQLite (as digits: it is beyond a
   * double's exact range), else the creation time.
   */
  searchPage(query: SearchPageQuery): Promise<SearchRow[]> {
    const { order } = query;
    if (order.by === 'createdAt') return this.searchInTimeOrder(query, order.direction);
    const ranked: RankedOrder =
      order.by === 'relevance' ? order : { by: order.by, direction: order.direction };
    return this.ranked(
      { ...query, order: ranked },
      this.db
        .selectFrom(this.searchMatches(query.q, query.filters, query.cap).as('s'))
        .select('s.id')
        .$asScalar(),
    );
  }

  /**
   * The newest `cap` public matches, newest first, each with its `sort_key` as a time-ordered
   * page gives it: the set a ranked order ranks (`rankMatches`) and newest-first pages are
   * cut from (`matchedRows`) while the search generation stands.
   */
  async matchIds(q: string, filters: SearchFilters, cap: number): Promise<KeyedMatch[]> {
    const rows = await this.db
      .selectFrom(this.searchMatches(q, filters, cap).as('s'))
      .select(['s.id', 's.sort_key'])
      .execute();
    return rows.map((r) => ({ id: r.id, key: String(r.sort_key) }));
  }

  /**
   * `searchPage` in a ranked order over matches already found (`matchIds`), read fresh: their
   * views, visibility and versions, and the search generation, in one statement.
   */
  rankMatches(query: RankedPageQuery, ids: string): Promise<SearchRow[]> {
    return this.ranked(query, this.listedIds(ids));
  }

  /**
   * The rows of the public videos among `ids` (a JSON array of some of `matchIds`' ids), in no
   * particular order, each with the search generation its statement read: a newest-first page
   * cut from matches already found, read fresh.
   */
  matchedRows(ids: string): Promise<SearchRow[]> {
    return this.listed()
      .select(searchGenerationQuery(this.db).as('search_generation'))
      .where('v.id', 'in', this.listedIds(ids))
      .where('v.visibility', '=', 'public')
      .execute();
  }

  /** The ids of a JSON array, as a subquery. */
  private listedIds(ids: string): Expression<string> {
    return this.dialect === 'postgres'
      ? sql<string>`(select jsonb_array_elements_text(cast(${ids} as jsonb)))`
      : sql<string>`(select value from json_each(${ids}))`;
  }

  /** A ranked page of the public videos among `matched` (a query of their ids). */
  private ranked(query: RankedPageQuery, matched: Expression<string>): Promise<SearchRow[]> {
    const { order } = query;
    let rows = this.listed()
      .select(searchGenerationQuery(this.db).as('search_generation'))
      .where('v.id', 'in', matched)
      .where('v.visibility', '=', 'public');
    if (order.by === 'relevance') {
      rows = rows
        .orderBy(titleRelevance(this.dialect, query.q))
        .orderBy('v.views', 'desc')
        .orderBy('v.created_at', 'desc')
        .orderBy('v.id', 'desc');
    } else {
      rows = rows.orderBy(`v.${order.by}`, order.direction).orderBy('v.id', order.direction);
    }
    return rows.limit(query.limit).offset(query.offset).execute();
  }

  private async searchInTimeOrder(
    query: SearchPageQuery,
    direction: 'asc' | 'desc',
  ): Promise<SearchRow[]> {
    const { q, filters, after } = query;
    const indexQuery = searchIndexQuery(this.dialect, q, SEARCHED);
    if (indexQuery) {
      // SQLite: the index holds public videos only, in creation order; it is read in that
      // order (backwards for newest first) and stops after the page.
      let rows = this.db
        .selectFrom('videos_fts as f')
        .innerJoin('videos as v', 'v.id', 'f.video_id')
        .select([
          'v.id',
          'v.card_version',
          'v.views',
          sql<string>`cast(f.rowid as text)`.as('sort_key'),
          searchGenerationQuery(this.db).as('search_generation'),
        ])
        .where(sql<SqlBool>`videos_fts match ${indexQuery}`)
        .where('v.visibility', '=', 'public');
      if (filters.since !== undefined) rows = rows.where(indexedSince(filters.since));
      if (after) {
        const key = BigInt(after.key);
        rows = rows.where(
          direction === 'desc' ? sql<SqlBool>`f.rowid < ${key}` : sql<SqlBool>`f.rowid > ${key}`,
        );
      }
      return withDuration(rows, 'v', filters)
        .orderBy('f.rowid', direction)
        .limit(query.limit)
        .offset(query.offset)
        .execute();
    }
    let rows = withFilters(
      this.listed()
        .select(searchGenerationQuery(this.db).as('search_generation'))
        .where('v.visibility', '=', 'public')
        .where(videoTextContains(this.dialect, q, SEARCHED)),
      'v',
      filters,
    );
    if (after) {
      // The same text always reads the same way, so a key here is a time; an index rowid
      // (a cursor made for other text) is only clamped to a safe number.
      const key = Math.min(Number(after.key), Number.MAX_SAFE_INTEGER);
      rows = rows.where(
        afterRow(sql.ref('v.created_at'), 'v.id', direction, { key, id: after.id }),
      );
    }
    const found = await rows
      .orderBy('v.created_at', direction)
      .orderBy('v.id', direction)
      .limit(query.limit)
      .offset(query.offset)
      .execute();
    return found.map((r) => ({ ...r, sort_key: String(r.sort_key) }));
  }

  /**
   * The ids of the newest `cap` public matches (the index, or a scan below three characters),
   * each with its sort key as `searchInTimeOrder` gives it.
   */
  private searchMatches(
    q: string,
    filters: SearchFilters,
    cap: number,
  ): AliasableExpression<{ id: string; sort_key: string }> {
    const indexQuery = searchIndexQuery(this.dialect, q, SEARCHED);
    if (indexQuery) {
      let ids = this.db
        .selectFrom('videos_fts as f')
        .select('f.video_id as id')
        .select(sql<string>`cast(f.rowid as text)`.as('sort_key'))
        .where(sql<SqlBool>`videos_fts match ${indexQuery}`);
      if (filters.since !== undefined) ids = ids.where(indexedSince(filters.since));
      // The index holds public videos only and their creation order: only a length filter
      // needs the videos' rows, up to `cap` of them, before the page is ranked.
      const ranked = hasDuration(filters)
        ? withDuration(ids.innerJoin('videos as m', 'm.id', 'f.video_id'), 'm', filters)
        : ids;
      return ranked.orderBy('f.rowid', 'desc').limit(cap);
    }
    return withFilters(
      this.db
        .selectFrom('videos as m')
        .select('m.id')
        .select(sql<string>`m.created_at`.as('sort_key'))
        .where('m.visibility', '=', 'public')
        .where(videoTextContains(this.dialect, q, SEARCHED, 'm')),
      'm',
      filters,
    )
      .orderBy('m.created_at', 'desc')
      .orderBy('m.id', 'desc')
      .limit(cap);
  }

  /**
   * How many public videos' title or hashtag contains `q` (and pass the filters), counted up
   * to `countCap` + 1 so the caller can tell a capped total from an exact one. On SQLite,
   * without a duration filter, it never leaves the index.
   */
  async searchCount(q: string, countCap: number, filters: SearchFilters = {}): Promise<number> {
    const indexQuery = searchIndexQuery(this.dialect, q, SEARCHED);
    let matches;
    if (indexQuery) {
      let index = this.db
        .selectFrom('videos_fts as f')
        .select(sql<number>`1`.as('one'))
        .where(sql<SqlBool>`videos_fts match ${indexQuery}`);
      if (filters.since !== undefined) index = index.where(indexedSince(filters.since));
      matches = (
        hasDuration(filters)
          ? withDuration(index.innerJoin('videos as v', 'v.id', 'f.video_id'), 'v', filters)
          : index
      ).limit(countCap + 1);
    } else {
      matches = withFilters(
        this.db
          .selectFrom('videos as v')
          .select(sql<number>`1`.as('one'))
          .where('v.visibility', '=', 'public')
          .where(videoTextContains(this.dialect, q, SEARCHED)),
        'v',
        filters,
      ).limit(countCap + 1);
    }
    const row = await this.db
      .selectFrom(matches.as('m'))
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * A number that changes whenever any video's searchable text or visibility changes, or a
   * video is added or removed (kept by triggers, migration 009): equal numbers mean equal
   * search results.
   */
  async searchGeneration(): Promise<number> {
    const row = await searchGenerationQuery(this.db).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Titles only, for the search box: no join, no count. */
  suggest(q: string, limit: number): Promise<{ id: string; title: string }[]> {
    const indexQuery = searchIndexQuery(this.dialect, q, ['title']);
    if (indexQuery) {
      return this.db
        .selectFrom('videos_fts')
        .select(['video_id as id', 'title'])
        .where(sql<SqlBool>`videos_fts match ${indexQuery}`)
        .orderBy('rowid', 'desc')
        .limit(limit)
        .execute();
    }
    return this.db
      .selectFrom('videos as v')
      .select(['v.id', 'v.title'])
      .where('v.visibility', '=', 'public')
      .where(videoTextContains(this.dialect, q, ['title']))
      .orderBy('v.created_at', 'desc')
      .orderBy('v.id', 'desc')
      .limit(limit)
      .execute();
  }

  /**
   * SQLite's search index grows a segment per write and merges them lazily; a search reads
   * every segment. A bounded slice of merging per call (a few milliseconds when little has
   * changed) keeps it compact without stalling requests. PostgreSQL needs nothing here.
   */
  async compactSearchIndex(): Promise<void> {
    if (this.dialect !== 'sqlite') return;
    await sql`insert into videos_fts (videos_fts, rank) values ('merge', -500)`.execute(this.db);
  }
}

/** SQLite's index rows from `since` on: its rowid is the creation time times 2^20 (migration 007). */
function indexedSince(since: number): RawBuilder<SqlBool> {
  return sql<SqlBool>`f.rowid >= cast(${since} as integer) * 1048576`;
}

function hasDuration(filters: SearchFilters): boolean {
  return filters.minDuration !== undefined || filters.maxDuration !== undefined;
}

/** A query over videos aliased `alias`, narrowed to the filters' length range. */
function withDuration<Q extends { where: Narrowing<Q> }>(
  query: Q,
  alias: string,
  filters: SearchFilters,
): Q {
  let out = query;
  if (filters.minDuration !== undefined) {
    out = out.where(sql<SqlBool>`${sql.ref(`${alias}.duration`)} >= ${filters.minDuration}`);
  }
  if (filters.maxDuration !== undefined) {
    out = out.where(sql<SqlBool>`${sql.ref(`${alias}.duration`)} < ${filters.maxDuration}`);
  }
  return out;
}

/** As `withDuration`, and uploaded since `filters.since`. */
function withFilters<Q extends { where: Narrowing<Q> }>(
  query: Q,
  alias: string,
  filters: SearchFilters,
): Q {
  const out =
    filters.since === undefined
      ? query
      : query.where(sql<SqlBool>`${sql.ref(`${alias}.created_at`)} >= ${filters.since}`);
  return withDuration(out, alias, filters);
}

/** A Kysely builder's `where` taking one boolean expression and answering the same builder. */
type Narrowing<Q> = (expression: RawBuilder<SqlBool>) => Q;
