import {
  sql,
  type Insertable,
  type Transaction,
  type Kysely,
  type Selectable,
  type SqlBool,
  type Updateable,
} from 'kysely';
import { LIMITS, type Visibility } from '@contract';
import type { Dialect } from '../db/database.js';
import { lockVideoRow, textArrayParam } from '../db/dialect-sql.js';
import { preparedQuery } from '../db/prepared-query.js';
import type { Database, VideosTable } from '../db/schema.js';
import { VIDEO_COLUMNS, qualified, type VideoColumn } from './columns.js';
import { choiceOfOwner } from './video-holds.js';
import { searchGenerationQuery } from './search-generation.js';
import { afterRow, pagingOf, type After } from './keyset.js';
import { viewerEngagement } from './video-engagement.repository.js';
import { gatheredWatchReads } from './watch-reads.js';

export type VideoRow = Pick<Selectable<VideosTable>, VideoColumn>;

export interface VideoWithOwner extends VideoRow {
  owner_username: string;
  owner_avatar_key: string;
}

/** A video as its watch page reads it: with its channel's kept count and the viewer's own. */
export interface VideoForWatch extends VideoWithOwner {
  subscribers_count: number | string;
  viewer_kind: 'like' | 'dislike' | null;
  viewer_subscribed: number | string | null;
}

/** A video as a list reads it: the rest of its entry is kept by version (VideoCards). */
export interface VideoListRow {
  id: string;
  card_version: number;
  views: number;
}

/** A list row with the search generation its statement read (`searchGenerationQuery`). */
export interface GenerationListRow extends VideoListRow {
  search_generation: number | null;
}

/** A list row with the value its list is ordered by, where the next page starts from. */
export interface KeyedListRow extends VideoListRow {
  sort_key: number | string;
}

export type SortColumn = 'title' | 'created_at' | 'views' | 'duration';

/** The values a page's prepared statement binds; those its shape leaves out are unused. */
interface PageArgs {
  ownerId: string;
  limit: number;
  offset: number;
  afterKey: number | string;
  afterId: string;
}

/** A page's row, with the list's total repeated on each. */
export interface PageRow extends KeyedListRow {
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
  /**
   * At most one per shape of page: 4 orders × 2 directions × 3 ways of paging × 2 × 2, and
   * for the whole feed × each page size.
   */
  private readonly pageQueries = new Map<string, (args: PageArgs) => Promise<PageRow[]>>();
  private readonly byId;
  /** The watch page's read: by one statement per request on SQLite, gathered on PostgreSQL. */
  private readonly forWatch: (id: string, viewer: string) => Promise<VideoForWatch | undefined>;
  private readonly publicByIds;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {
    // The busiest reads, prepared once (see preparedQuery).
    this.byId = preparedQuery<{ id: string }, VideoWithOwner>(db, (arg) =>
      this.withOwner().where('v.id', '=', arg('id')),
    );
    // The watch page: the video, its channel's count and the viewer's like and subscription
    // in one statement, one round trip and one consistent read.
    if (dialect === 'postgres') {
      // The pairs asked at once, read together (watch-reads.ts).
      const forWatchPairs = preparedQuery<
        { ids: readonly string[]; viewers: readonly string[] },
        VideoForWatch & { asked_viewer: string }
      >(db, (arg) =>
        this.withOwner()
          .innerJoin(
            // Zipped: two arrays of one length unnest side by side.
            sql<{ id: string; viewer: string }>`(select unnest(${textArrayParam(arg('ids'))}) as id,
              unnest(${textArrayParam(arg('viewers'))}) as viewer)`.as('q'),
            'q.id',
            'v.id',
          )
          .select('u.subscribers_count')
          .select((eb) => viewerEngagement(eb, sql.ref<string>('q.viewer')))
          .select('q.viewer as asked_viewer'),
      );
      this.forWatch = gatheredWatchReads(forWatchPairs);
    } else {
      const forWatch = preparedQuery<{ id: string; viewer: string }, VideoForWatch>(db, (arg) =>
        this.withOwner()
          .select('u.subscribers_count')
          .select((eb) => viewerEngagement(eb, arg('viewer')))
          .where('v.id', '=', arg('id')),
      );
      this.forWatch = async (id, viewer) => (await forWatch({ id, viewer }))[0];
    }
    // The ids are one value (an array on PostgreSQL, a JSON array on SQLite), so the text is
    // the same whatever their number, built and compiled once, and on PostgreSQL parsed and
    // planned once per connection (a named statement, see preparedQuery).
    this.publicByIds = preparedQuery<{ ids: readonly string[] | string }, GenerationListRow>(
      db,
      (arg) =>
        listedVideos(db)
          .select(searchGenerationQuery(db).as('search_generation'))
          .where(
            dialect === 'postgres'
              ? sql<SqlBool>`v.id = any(${textArrayParam(arg('ids'))})`
              : sql<SqlBool>`v.id in (select value from json_each(${arg('ids')}))`,
          )
          .where('v.visibility', '=', 'public'),
    );
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

  /** The video for its watch page, with what `viewerId` ('' for a visitor) did on it. */
  async findForWatch(id: string, viewerId: string | undefined): Promise<VideoForWatch | undefined> {
    return this.forWatch(id, viewerId ?? '');
  }

  /** Whole rows of the given videos, with their owners, in no particular order. */
  withOwners(ids: readonly string[]): Promise<VideoWithOwner[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.withOwner().where('v.id', 'in', ids).execute();
  }

  private listed() {
    return listedVideos(this.db);
  }

  /**
   * Those of the given videos that are public, in no particular order, each row with the
   * search generation the statement read (which moves with any video's visibility): one
   * prepared statement whatever the number of ids.
   */
  listedPublic(ids: readonly string[]): Promise<GenerationListRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.publicByIds({ ids: this.dialect === 'postgres' ? ids : JSON.stringify(ids) });
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
   * compiled once per shape (order, direction, way of paging, channel, visibilities).
   */
  private pageQueryOf(query: VideoPageQuery): (args: PageArgs) => Promise<PageRow[]> {
    const { column, direction } = query.sort;
    const paging = pagingOf(query.offset, query.after);
    // The whole feed's page size is written into its text: PostgreSQL prices a LIMIT it cannot
    // see as a tenth of the 100,000s of rows its index walk could return, so it would plan
    // every run anew; with the LIMIT in the text its generic plan costs what a custom one does
    // and is reused from the sixth run. One text per size, and sizes are bounded by the
    // contract (LIMITS.pageSizeMax). A channel's list is small enough to plan generically.
    const literalLimit =
      !query.ownerId && Number.isSafeInteger(query.limit) && query.limit <= LIMITS.pageSizeMax + 1
        ? query.limit
        : undefined;
    const shape = [
      column,
      direction,
      paging,
      query.ownerId ? 'owner' : 'all',
      [...query.visibilities].sort().join('+'),
      literalLimit ?? 'limit',
    ].join(':');
    let run = this.pageQueries.get(shape);
    if (run) return run;
    run = preparedQuery<PageArgs, PageRow>(this.db, (arg) => {
      const orderExpr = column === 'title' ? sql`lower(v.title)` : sql.ref(`v.${column}`);
      const shaped: VideoPageQuery = { ...query, ownerId: query.ownerId && arg('ownerId') };
      const limit = literalLimit === undefined ? arg('limit') : sql.lit(literalLimit);
      if (paging === 'offset' && column === 'created_at' && this.dialect === 'postgres') {
        // A page by position on PostgreSQL: the rows it skips are walked in the time index
        // alone (visibility, created_at, id), and only the page's own rows are read from the
        // table, a third of the time at page 100. (SQLite reaches a row from the index by its
        // rowid, which costs about what the index walk does.)
        let skipped = this.db
          .selectFrom('videos as p')
          .select('p.id')
          .where('p.visibility', 'in', query.visibilities);
        if (query.ownerId) skipped = skipped.where('p.owner_id', '=', arg('ownerId'));
        const onPage = skipped
          .orderBy('p.created_at', direction)
          .orderBy('p.id', direction)
          .limit(limit)
          .offset(arg('offset'));
        return this.db
          .selectFrom('videos as v')
          .select(['v.id', 'v.card_version', 'v.views', orderExpr.as('sort_key')])
          .select(this.pageTotalQuery(shaped).as('total'))
          .where('v.id', 'in', onPage)
          .orderBy(orderExpr, direction)
          .orderBy('v.id', direction);
      }
      let rows = this.db
        .selectFrom('videos as v')
        .select(['v.id', 'v.card_version', 'v.views', orderExpr.as('sort_key')])
        .select(this.pageTotalQuery(shaped).as('total'))
        .where('v.visibility', 'in', query.visibilities);
      if (paging === 'after') {
        rows = rows.where(
          afterRow(orderExpr, 'v.id', direction, { key: arg('afterKey'), id: arg('afterId') }),
        );
      }
      if (query.ownerId) rows = rows.where('v.owner_id', '=', arg('ownerId'));
      rows = rows
        .orderBy(orderExpr, direction)
        .orderBy('v.id', direction)
        .limit(literalLimit === undefined ? arg('limit') : sql.lit(literalLimit));
      return paging === 'offset' ? rows.offset(arg('offset')) : rows;
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

/** Newest-first lists: each row with its creation time, where the next page starts. */
export function listedVideos(db: Kysely<Database>) {
  return db
    .selectFrom('videos as v')
    .select(['v.id', 'v.card_version', 'v.views', 'v.created_at as sort_key']);
}

/** The kept per-channel count that answers a total over these visibilities, if one does. */
function keptChannelCount(
  visibilities: readonly Visibility[],
): 'all_videos_count' | 'public_videos_count' | undefined {
  const chosen = new Set(visibilities);
  if (chosen.size === 1 && chosen.has('public')) return 'public_videos_count';
  if (chosen.size === 3) return 'all_videos_count';
  return undefined;
}
