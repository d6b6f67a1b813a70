import {
  sql,
  type RawBuilder,
  type Insertable,
  type Transaction,
  type Kysely,
  type Selectable,
  type SqlBool,
  type Updateable,
} from 'kysely';
import type { Visibility } from '@contract';
import type { Dialect } from '../db/database.js';
import {
  lockVideoRow,
  searchIndexQuery,
  titleRelevance,
  videoTextContains,
  type SearchColumn,
} from '../db/dialect-sql.js';
import { preparedQuery } from '../db/prepared-query.js';
import type { Database, VideosTable } from '../db/schema.js';
import { VIDEO_COLUMNS, qualified, type VideoColumn } from './columns.js';
import { choiceOfOwner } from './video-holds.js';
import { afterRow, type After } from './keyset.js';

export type VideoRow = Pick<Selectable<VideosTable>, VideoColumn>;

export interface VideoWithOwner extends VideoRow {
  owner_username: string;
  owner_avatar_key: string;
}

/** A video as a list reads it: the rest of its entry is kept by version (VideoCards). */
export interface VideoListRow {
  id: string;
  card_version: number;
  views: number;
}

/** A list row with the value its list is ordered by, where the next page starts from. */
export interface KeyedListRow extends VideoListRow {
  sort_key: number | string;
}

interface SubscriptionPageArgs {
  subscriberId: string;
  limit: number;
  offset: number;
  /** PostgreSQL: how many of each channel's newest videos the page can draw on. */
  window: number;
}

interface SubscriptionAfterArgs {
  subscriberId: string;
  limit: number;
  afterKey: number;
  afterId: string;
}

/** Where a search page starts: its key is the index's rowid (SQLite) or creation time, in digits. */
export interface SearchAfter {
  key: string;
  id: string;
}

export type SortColumn = 'title' | 'created_at' | 'views' | 'duration';

/** What a sitemap entry shows of a video. */
export type SitemapRow = Pick<
  VideoRow,
  | 'id'
  | 'title'
  | 'description'
  | 'duration'
  | 'views'
  | 'video_key'
  | 'thumbnail_key'
  | 'visibility'
  | 'created_at'
  | 'updated_at'
>;

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

/** A search page's row, with the search generation its statement read (migration 009). */
export interface SearchRow extends KeyedListRow {
  search_generation: number | null;
}

/** What a search reads: its text, order, filters and page (see VideoService.search). */
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

/** The values a page's prepared statement binds; those its shape leaves out are unused. */
interface PageArgs {
  ownerId: string;
  limit: number;
  offset: number;
  afterKey: number | string;
  afterId: string;
}

/** A page's row, with the list's total repeated on each. */
interface PageRow extends KeyedListRow {
  total: number | string;
}

export interface VideoPageQuery {
  visibilities: readonly Visibility[];
  ownerId?: string;
  sort: { column: SortColumn; direction: 'asc' | 'desc' };
  limit: number;
  offset: number;
  /** Keyset paging: the page starts after this row (offset is then 0). */
  after?: After;
}

export class VideoRepository {
  /** At most one per shape of page: 4 orders × 2 directions × cursor or not × 2 × 2. */
  private readonly pageQueries = new Map<string, (args: PageArgs) => Promise<PageRow[]>>();
  private readonly byId;
  private readonly subscriptionRows;
  private readonly subscriptionRowsAfter;
  private readonly subscriptionTotal;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {
    // The busiest reads, prepared once (see preparedQuery).
    this.byId = preparedQuery<{ id: string }, VideoWithOwner>(db, (arg) =>
      this.withOwner().where('v.id', '=', arg('id')),
    );
    this.subscriptionRows = preparedQuery<SubscriptionPageArgs, PageRow>(db, (arg) =>
      dialect === 'postgres'
        ? // Each channel's newest videos from its (owner, visibility, created_at, id) index
          // alone, merged, and only the page's rows read: PostgreSQL otherwise walks every
          // public video newest first, checking each one's channel against the subscriptions
          // (142 ms for a viewer of 100 channels).
          this.subscriptionListed(arg('subscriberId'))
            .where('v.id', 'in', (eb) =>
              eb
                .selectFrom('subscriptions as s')
                .innerJoinLateral(
                  (lateral) =>
                    lateral
                      .selectFrom('videos as c')
                      .select(['c.id', 'c.created_at'])
                      .whereRef('c.owner_id', '=', 's.channel_id')
                      .where('c.visibility', '=', 'public')
                      .orderBy('c.created_at', 'desc')
                      .orderBy('c.id', 'desc')
                      .limit(arg('window'))
                      .as('p'),
                  (join) => join.onTrue(),
                )
                .select('p.id')
                .where('s.subscriber_id', '=', arg('subscriberId'))
                .orderBy('p.created_at', 'desc')
                .orderBy('p.id', 'desc')
                .limit(arg('limit'))
                .offset(arg('offset')),
            )
            .orderBy('v.created_at', 'desc')
            .orderBy('v.id', 'desc')
        : // The page's ids are ordered from the same index alone; only those rows are then
          // read, not every video of every subscribed channel.
          this.subscriptionListed(arg('subscriberId'))
            .where('v.id', 'in', (eb) =>
              eb
                .selectFrom('videos as p')
                .select('p.id')
                .where('p.visibility', '=', 'public')
                .where('p.owner_id', 'in', this.channelsOf(arg('subscriberId')))
                .orderBy('p.created_at', 'desc')
                .orderBy('p.id', 'desc')
                .limit(arg('limit'))
                .offset(arg('offset')),
            )
            .orderBy('v.created_at', 'desc')
            .orderBy('v.id', 'desc'),
    );
    // The same feed after a row already shown (keyset paging): each channel contributes only
    // its videos older than that row, at most a page of them.
    this.subscriptionRowsAfter = preparedQuery<SubscriptionAfterArgs, PageRow>(db, (arg) => {
      const after = { key: arg('afterKey'), id: arg('afterId') };
      return dialect === 'postgres'
        ? this.subscriptionListed(arg('subscriberId'))
            .where('v.id', 'in', (eb) =>
              eb
                .selectFrom('subscriptions as s')
                .innerJoinLateral(
                  (lateral) =>
                    lateral
                      .selectFrom('videos as c')
                      .select(['c.id', 'c.created_at'])
                      .whereRef('c.owner_id', '=', 's.channel_id')
                      .where('c.visibility', '=', 'public')
                      .where(afterRow(sql.ref('c.created_at'), 'c.id', 'desc', after))
                      .orderBy('c.created_at', 'desc')
                      .orderBy('c.id', 'desc')
                      .limit(arg('limit'))
                      .as('p'),
                  (join) => join.onTrue(),
                )
                .select('p.id')
                .where('s.subscriber_id', '=', arg('subscriberId'))
                .orderBy('p.created_at', 'desc')
                .orderBy('p.id', 'desc')
                .limit(arg('limit')),
            )
            .orderBy('v.created_at', 'desc')
            .orderBy('v.id', 'desc')
        : this.subscriptionListed(arg('subscriberId'))
            .where('v.id', 'in', (eb) =>
              eb
                .selectFrom('videos as p')
                .select('p.id')
                .where('p.visibility', '=', 'public')
                .where('p.owner_id', 'in', this.channelsOf(arg('subscriberId')))
                .where(afterRow(sql.ref('p.created_at'), 'p.id', 'desc', after))
                .orderBy('p.created_at', 'desc')
                .orderBy('p.id', 'desc')
                .limit(arg('limit')),
            )
            .orderBy('v.created_at', 'desc')
            .orderBy('v.id', 'desc');
    });
    // Each channel's public videos are kept by triggers (migration 014): the total is a sum
    // over the subscribed channels, not a count of every one of their videos.
    this.subscriptionTotal = preparedQuery<{ subscriberId: string }, { n: number }>(db, (arg) =>
      this.subscriptionTotalOf(arg('subscriberId')),
    );
  }

  private subscriptionTotalOf(subscriberId: string) {
    return this.db
      .selectFrom('subscriptions as s')
      .innerJoin('users as c', 'c.id', 's.channel_id')
      .select(sql<number>`coalesce(sum(c.public_videos_count), 0)`.as('n'))
      .where('s.subscriber_id', '=', subscriberId);
  }

  /** The subscriptions feed's rows, each with the feed's total: the page is one statement. */
  private subscriptionListed(subscriberId: string) {
    return this.listed().select(this.subscriptionTotalOf(subscriberId).as('total'));
  }

  private channelsOf(subscriberId: string) {
    return this.db
      .selectFrom('subscriptions as s')
      .select('s.channel_id')
      .where('s.subscriber_id', '=', subscriberId);
  }

  /** A new upload's row, in the transaction that adds its first processing job. */
  async insertForProcessing(
    row: Insertable<VideosTable>,
    trx: Kysely<Database> | Transaction<Database> = this.db,
  ): Promise<void> {
    await trx.insertInto('videos').values(row).execute();
  }

  private withOwner() {
    return this.db
      .selectFrom('videos as v')
      .innerJoin('users as u', 'u.id', 'v.owner_id')
      .select(qualified('v', VIDEO_COLUMNS))
      .select(['u.username as owner_username', 'u.avatar_key as owner_avatar_key']);
  }

  async findWithOwner(id: string): Promise<VideoWithOwner | undefined> {
    return (await this.byId({ id }))[0];
  }

  /** Whole rows of the given videos, with their owners, in no particular order. */
  withOwners(ids: readonly string[]): Promise<VideoWithOwner[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.withOwner().where('v.id', 'in', ids).execute();
  }

  /** Newest-first lists: each row with its creation time, where the next page starts. */
  private listed() {
    return this.db
      .selectFrom('videos as v')
      .select(['v.id', 'v.card_version', 'v.views', 'v.created_at as sort_key']);
  }

  /** Those of the given videos that are public, in no particular order. */
  listedPublic(ids: readonly string[]): Promise<VideoListRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.listed().where('v.id', 'in', ids).where('v.visibility', '=', 'public').execute();
  }

  /** A page of public videos, oldest first (new ones append to the last page): the sitemap's. */
  sitemapPage(limit: number, offset: number): Promise<SitemapRow[]> {
    return this.db
      .selectFrom('videos as v')
      .select([
        'v.id',
        'v.title',
        'v.description',
        'v.duration',
        'v.views',
        'v.video_key',
        'v.thumbnail_key',
        'v.visibility',
        'v.created_at',
        'v.updated_at',
      ])
      .where('v.visibility', '=', 'public')
      .orderBy('v.created_at', 'asc')
      .orderBy('v.id', 'asc')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  /** How many videos are public, kept by triggers (migration 007). */
  async publicCount(): Promise<number> {
    const row = await this.db
      .selectFrom('video_counts')
      .select(sql<number>`coalesce(sum(n), 0)`.as('n'))
      .where('visibility', '=', 'public')
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** The public feed, or one owner's videos: one query for the page plus its total. */
  async page(query: VideoPageQuery): Promise<{ rows: KeyedListRow[]; total: number }> {
    const run = this.pageQueryOf(query);
    const rows = await run({
      ownerId: query.ownerId ?? '',
      limit: query.limit,
      offset: query.offset,
      afterKey: query.after?.key ?? 0,
      afterId: query.after?.id ?? '',
    });
    if (rows.length > 0) return { rows, total: Number(rows[0]!.total) };
    // Nothing listed (a page past the end): the total alone, read on its own.
    const [count] = await this.pageTotalQuery(query).execute();
    return { rows: [], total: Number(count?.n ?? 0) };
  }

  /**
   * One statement per page, its total a scalar subquery of the same statement: one statement
   * is one consistent read on both databases, so a page whose cards are all kept needs no read
   * transaction (VideoCards.readOneStatement) and, on PostgreSQL, one round trip. Built and
   * compiled once per shape (order, direction, cursor or offset, channel, visibilities).
   */
  private pageQueryOf(query: VideoPageQuery): (args: PageArgs) => Promise<PageRow[]> {
    const { column, direction } = query.sort;
    const shape = [
      column,
      direction,
      query.after ? 'after' : 'offset',
      query.ownerId ? 'owner' : 'all',
      [...query.visibilities].sort().join('+'),
    ].join(':');
    let run = this.pageQueries.get(shape);
    if (run) return run;
    run = preparedQuery<PageArgs, PageRow>(this.db, (arg) => {
      const orderExpr = column === 'title' ? sql`lower(v.title)` : sql.ref(`v.${column}`);
      const shaped: VideoPageQuery = { ...query, ownerId: query.ownerId && arg('ownerId') };
      let rows = this.db
        .selectFrom('videos as v')
        .select(['v.id', 'v.card_version', 'v.views', orderExpr.as('sort_key')])
        .select(this.pageTotalQuery(shaped).as('total'))
        .where('v.visibility', 'in', query.visibilities);
      if (query.after) {
        rows = rows.where(
          afterRow(orderExpr, 'v.id', direction, { key: arg('afterKey'), id: arg('afterId') }),
        );
      }
      if (query.ownerId) rows = rows.where('v.owner_id', '=', arg('ownerId'));
      return rows
        .orderBy(orderExpr, direction)
        .orderBy('v.id', direction)
        .limit(arg('limit'))
        .offset(query.after ? 0 : arg('offset'));
    });
    this.pageQueries.set(shape, run);
    return run;
  }

  /** How many videos a page's list holds, from the kept counts where one answers it. */
  private pageTotalQuery(query: Pick<VideoPageQuery, 'ownerId' | 'visibilities'>) {
    const kept = keptChannelCount(query.visibilities);
    if (query.ownerId) {
      // A channel's counts are kept by triggers (migration 014).
      return kept
        ? this.db
            .selectFrom('users')
            .select(sql<number>`${sql.ref(kept)}`.as('n'))
            .where('id', '=', query.ownerId)
        : this.db
            .selectFrom('videos as v2')
            .select(sql<number>`count(*)`.as('n'))
            .where('v2.visibility', 'in', query.visibilities)
            .where('v2.owner_id', '=', query.ownerId);
    }
    // The whole feed's total is kept by triggers (migration 007): counting it would walk
    // every public video on every request.
    return this.db
      .selectFrom('video_counts')
      .select(sql<number>`coalesce(sum(n), 0)`.as('n'))
      .where('visibility', 'in', query.visibilities);
  }

  /**
   * Newest public videos of the channels a user subscribes to, and how many there are; by
   * position, or after a row already shown.
   */
  async subscriptionPage(
    subscriberId: string,
    limit: number,
    offset: number,
    after?: After,
  ): Promise<{ rows: KeyedListRow[]; total: number }> {
    const rows = after
      ? await this.subscriptionRowsAfter({
          subscriberId,
          limit,
          afterKey: Number(after.key),
          afterId: after.id,
        })
      : // No channel can contribute more than the page's last row: its newest `offset + limit`.
        await this.subscriptionRows({ subscriberId, limit, offset, window: offset + limit });
    if (rows.length > 0) return { rows, total: Number(rows[0]!.total) };
    // Nothing listed (no subscriptions, or a page past the end): the total alone.
    const [count] = await this.subscriptionTotal({ subscriberId });
    return { rows: [], total: Number(count?.n ?? 0) };
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
    let rows = this.listed()
      .select(this.searchGenerationQuery().as('search_generation'))
      .where('v.id', 'in', this.searchMatches(query.q, query.filters, query.cap))
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
          this.searchGenerationQuery().as('search_generation'),
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
        .select(this.searchGenerationQuery().as('search_generation'))
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

  /** The ids of the newest `cap` public matches (the index, or a scan below three characters). */
  private searchMatches(q: string, filters: SearchFilters, cap: number) {
    const indexQuery = searchIndexQuery(this.dialect, q, SEARCHED);
    if (indexQuery) {
      let ids = this.db
        .selectFrom('videos_fts as f')
        .innerJoin('videos as m', 'm.id', 'f.video_id')
        .select('f.video_id as id')
        .where(sql<SqlBool>`videos_fts match ${indexQuery}`);
      if (filters.since !== undefined) ids = ids.where(indexedSince(filters.since));
      return withDuration(ids, 'm', filters).orderBy('f.rowid', 'desc').limit(cap);
    }
    return withFilters(
      this.db
        .selectFrom('videos as m')
        .select('m.id')
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
    const row = await this.searchGenerationQuery().executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The search generation as a scalar subquery: a search page carries it on every row. */
  private searchGenerationQuery() {
    return this.db.selectFrom('search_generation').select('n').where('id', '=', 1);
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

  /** A new visibility goes through `visibilityPatch`. */
  update(id: string, patch: Updateable<VideosTable>): Promise<unknown> {
    const { visibility, ...rest } = patch;
    const set = typeof visibility === 'string' ? { ...rest, ...visibilityPatch(visibility) } : rest;
    return this.db.updateTable('videos').set(set).where('id', '=', id).execute();
  }

  /** The row and everything that hangs off it, in one transaction. */
  async delete(id: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await lockVideoRow(trx, id);
      // Likes point at videos or comments, so no foreign key cascades them.
      await trx
        .deleteFrom('likes')
        .where('target_type', '=', 'Video')
        .where('target_id', '=', id)
        .execute();
      await trx
        .deleteFrom('likes')
        .where('target_type', '=', 'Comment')
        .where('target_id', 'in', (eb) =>
          eb.selectFrom('comments').select('id').where('video_id', '=', id),
        )
        .execute();
      // Replies first: they reference their parent comment.
      await trx
        .deleteFrom('comments')
        .where('video_id', '=', id)
        .where('parent_id', 'is not', null)
        .execute();
      await trx.deleteFrom('comments').where('video_id', '=', id).execute();
      await trx.deleteFrom('video_views').where('video_id', '=', id).execute();
      await trx.deleteFrom('video_view_guards').where('video_id', '=', id).execute();
      await trx.deleteFrom('watch_history').where('video_id', '=', id).execute();
      await trx.deleteFrom('videos').where('id', '=', id).execute();
    });
  }
}

/**
 * The columns a new visibility of the owner's writes: applied at once unless something holds
 * the video (processing, a block, a suspension), when it waits in `pending_visibility`.
 * Decided in the statement (video-holds.ts), so a hold changing at the same moment cannot lose
 * the owner's choice.
 */
export const visibilityPatch = choiceOfOwner;

/** The kept per-channel count that answers a total over these visibilities, if one does. */
function keptChannelCount(
  visibilities: readonly Visibility[],
): 'all_videos_count' | 'public_videos_count' | undefined {
  const chosen = new Set(visibilities);
  if (chosen.size === 1 && chosen.has('public')) return 'public_videos_count';
  if (chosen.size === 3) return 'all_videos_count';
  return undefined;
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
