import { sql, type Kysely } from 'kysely';
import { utcDayOf } from '../db/dialect-sql.js';
import { preparedQuery } from '../db/prepared-query.js';
import type { Database } from '../db/schema.js';
import type { KeyedListRow, VideoWithOwner } from './video.repository.js';
import { afterRow, pagingOf, type After, type Paging } from './keyset.js';
import { VIDEO_COLUMNS, qualified } from './columns.js';

/** A studio list row: the video as lists read it (VideoCards) and its kept counts. */
export interface StudioListRow extends KeyedListRow {
  likes_count: number;
  comments_count: number;
}

export type StudioSortColumn = 'created_at' | 'views' | 'title' | 'likes_count' | 'comments_count';

export interface ChannelSummaryRow {
  subscribers_count: number;
  total_views: number;
  views_since: number;
  net_subscribers_since: number;
}

export interface StudioCommentRow {
  id: string;
  content: string;
  created_at: number;
  owner_id: string;
  owner_username: string;
  owner_avatar_key: string;
  video_id: string;
  video_title: string;
}

interface StudioPageArgs {
  ownerId: string;
  limit: number;
  offset: number;
  afterKey: number | string;
  afterId: string;
}

/** Which videos a series covers: one video, or every video of a channel. */
export type SeriesScope = { videoId: string } | { ownerId: string };

export interface DayValue {
  day: number;
  value: number;
}

/** The studio's statistics over one owner's channel: SQL only, each a single query. */
export class StudioRepository {
  private readonly pageQueries = new Map<
    string,
    (args: StudioPageArgs) => Promise<(StudioListRow & { total: number })[]>
  >();
  private readonly countOwned;

  constructor(private readonly db: Kysely<Database>) {
    // Kept by triggers on videos (migration 014) rather than counted: 1,000 index entries for a
    // channel of 1,000 videos.
    this.countOwned = preparedQuery<{ ownerId: string }, { n: number }>(db, (arg) =>
      this.ownedCount(arg('ownerId')),
    );
  }

  /** Counts now, and views and subscriber changes since `sinceMs`, in one round trip. */
  async channelSummary(ownerId: string, sinceMs: number): Promise<ChannelSummaryRow> {
    const row = await this.db
      .selectNoFrom((eb) => [
        eb
          .selectFrom('users')
          .select('subscribers_count')
          .where('id', '=', ownerId)
          .as('subscribers_count'),
        eb
          .selectFrom('videos')
          .select(sql<number>`coalesce(sum(views), 0)`.as('n'))
          .where('owner_id', '=', ownerId)
          .as('total_views'),
        eb
          .selectFrom('video_views as vv')
          .innerJoin('videos as v', 'v.id', 'vv.video_id')
          .select(sql<number>`count(*)`.as('n'))
          .where('v.owner_id', '=', ownerId)
          .where('vv.viewed_at', '>=', sinceMs)
          .as('views_since'),
        eb
          .selectFrom('subscription_events')
          .select(sql<number>`coalesce(sum(delta), 0)`.as('n'))
          .where('channel_id', '=', ownerId)
          .where('created_at', '>=', sinceMs)
          .as('net_subscribers_since'),
      ])
      .executeTakeFirstOrThrow();
    return {
      subscribers_count: Number(row.subscribers_count ?? 0),
      total_views: Number(row.total_views ?? 0),
      views_since: Number(row.views_since ?? 0),
      net_subscribers_since: Number(row.net_subscribers_since ?? 0),
    };
  }

  private owned(ownerId: string) {
    return this.db
      .selectFrom('videos as v')
      .innerJoin('users as u', 'u.id', 'v.owner_id')
      .select(qualified('v', VIDEO_COLUMNS))
      .select(['u.username as owner_username', 'u.avatar_key as owner_avatar_key'])
      .where('v.owner_id', '=', ownerId);
  }

  /** The owner's videos in the given order: by position, or after a row already shown. */
  async page(
    ownerId: string,
    sort: { column: StudioSortColumn; direction: 'asc' | 'desc' },
    limit: number,
    offset: number,
    after?: After,
  ): Promise<{ rows: StudioListRow[]; total: number }> {
    const rows = await this.pageQuery(
      sort,
      pagingOf(offset, after),
    )({
      ownerId,
      limit,
      offset: after ? 0 : offset,
      afterKey: after?.key ?? 0,
      afterId: after?.id ?? '',
    });
    if (rows.length > 0) return { rows, total: Number(rows[0]!.total) };
    // Nothing listed (no videos, or a page past the end): the count alone.
    const [count] = await this.countOwned({ ownerId });
    return { rows: [], total: Number(count?.n ?? 0) };
  }

  private ownedCount(ownerId: string) {
    return this.db.selectFrom('users').select('all_videos_count as n').where('id', '=', ownerId);
  }

  /** One prepared query per sort order and way of paging, the only parts of the SQL that vary. */
  private pageQuery(sort: { column: StudioSortColumn; direction: 'asc' | 'desc' }, paging: Paging) {
    const key = `${sort.column} ${sort.direction} ${paging}`;
    let query = this.pageQueries.get(key);
    if (!query) {
      const { column, direction } = sort;
      const orderExpr = column === 'title' ? sql`lower(v.title)` : sql.ref(`v.${column}`);
      query = preparedQuery<StudioPageArgs, StudioListRow & { total: number }>(this.db, (arg) => {
        let rows = this.db
          .selectFrom('videos as v')
          .select([
            'v.id',
            'v.card_version',
            'v.views',
            'v.likes_count',
            'v.comments_count',
            orderExpr.as('sort_key'),
          ])
          // The channel's count on every row: the page and its total are one statement.
          .select(this.ownedCount(arg('ownerId')).as('total'))
          .where('v.owner_id', '=', arg('ownerId'));
        if (paging === 'after') {
          rows = rows.where(
            afterRow(orderExpr, 'v.id', direction, { key: arg('afterKey'), id: arg('afterId') }),
          );
        }
        rows = rows.orderBy(orderExpr, direction).orderBy('v.id', direction).limit(arg('limit'));
        return paging === 'offset' ? rows.offset(arg('offset')) : rows;
      });
      this.pageQueries.set(key, query);
    }
    return query;
  }

  newest(ownerId: string): Promise<VideoWithOwner | undefined> {
    return this.owned(ownerId)
      .orderBy('v.created_at', 'desc')
      .orderBy('v.id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  mostViewed(ownerId: string): Promise<VideoWithOwner | undefined> {
    return this.owned(ownerId)
      .orderBy('v.views', 'desc')
      .orderBy('v.created_at', 'desc')
      .orderBy('v.id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** The newest comments and replies on any of the owner's videos. */
  latestComments(ownerId: string, limit: number): Promise<StudioCommentRow[]> {
    return (
      this.db
        .selectFrom('comments as c')
        .innerJoin('videos as v', 'v.id', 'c.video_id')
        .innerJoin('users as u', 'u.id', 'c.owner_id')
        .select([
          'c.id',
          'c.content',
          'c.created_at',
          'c.owner_id',
          'u.username as owner_username',
          'u.avatar_key as owner_avatar_key',
          'c.video_id',
          'v.title as video_title',
        ])
        .where('v.owner_id', '=', ownerId)
        // As the video's comments show them (comment-holds.ts): held ones wait in the studio's
        // own list, and a suspended author's are hidden from the owner too.
        .where('c.hidden', '=', 0)
        .orderBy('c.created_at', 'desc')
        .orderBy('c.id', 'desc')
        .limit(limit)
        .execute()
    );
  }

  /** Counted views per UTC day in [fromMs, untilMs). */
  async viewsPerDay(scope: SeriesScope, fromMs: number, untilMs: number): Promise<DayValue[]> {
    const day = utcDayOf('vv.viewed_at');
    let query = this.db
      .selectFrom('video_views as vv')
      .select([day.as('day'), sql<number>`count(*)`.as('value')])
      .where('vv.viewed_at', '>=', fromMs)
      .where('vv.viewed_at', '<', untilMs);
    query =
      'videoId' in scope
        ? query.where('vv.video_id', '=', scope.videoId)
        : query.where('vv.video_id', 'in', (eb) =>
            eb.selectFrom('videos').select('id').where('owner_id', '=', scope.ownerId),
          );
    return query.groupBy(day).execute();
  }

  /** Watch time in milliseconds per UTC day in [fromDay, toDay]. */
  watchMsPerDay(scope: SeriesScope, fromDay: number, toDay: number): Promise<DayValue[]> {
    let query = this.db
      .selectFrom('video_watch_time as w')
      .select(['w.day', sql<number>`sum(w.watch_ms)`.as('value')])
      .where('w.day', '>=', fromDay)
      .where('w.day', '<=', toDay);
    query =
      'videoId' in scope
        ? query.where('w.video_id', '=', scope.videoId)
        : query.where('w.video_id', 'in', (eb) =>
            eb.selectFrom('videos').select('id').where('owner_id', '=', scope.ownerId),
          );
    return query.groupBy('w.day').execute();
  }

  /** Subscribers gained minus lost per UTC day in [fromMs, untilMs). */
  netSubscribersPerDay(channelId: string, fromMs: number, untilMs: number): Promise<DayValue[]> {
    const day = utcDayOf('created_at');
    return this.db
      .selectFrom('subscription_events')
      .select([day.as('day'), sql<number>`sum(delta)`.as('value')])
      .where('channel_id', '=', channelId)
      .where('created_at', '>=', fromMs)
      .where('created_at', '<', untilMs)
      .groupBy(day)
      .execute();
  }
}
