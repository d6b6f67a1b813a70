import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../db/database.js';
import { preparedQuery } from '../db/prepared-query.js';
import type { Database } from '../db/schema.js';
import { afterRow, type After } from './keyset.js';
import { listedVideos, type KeyedListRow, type PageRow } from './video.repository.js';

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

/** The subscriptions feed: newest public videos of the channels a user subscribes to. */
export class SubscriptionFeedRepository {
  private readonly subscriptionFirstRows;
  private readonly subscriptionRows;
  private readonly subscriptionRowsAfter;
  private readonly subscriptionTotal;

  constructor(
    private readonly db: Kysely<Database>,
    dialect: Dialect,
  ) {
    // Every visit to the feed reads these: prepared once (see preparedQuery). The first page
    // has no OFFSET, so PostgreSQL keeps one plan for it (Paging, keyset.ts).
    this.subscriptionFirstRows = preparedQuery<
      Omit<SubscriptionPageArgs, 'offset' | 'window'>,
      PageRow
    >(db, (arg) =>
      this.pageRows(dialect, arg('subscriberId'), { limit: arg('limit'), window: arg('limit') }),
    );
    this.subscriptionRows = preparedQuery<SubscriptionPageArgs, PageRow>(db, (arg) =>
      this.pageRows(dialect, arg('subscriberId'), {
        limit: arg('limit'),
        offset: arg('offset'),
        window: arg('window'),
      }),
    );
    // The same feed after a row already shown (keyset paging): each channel contributes only
    // its videos older than that row, at most a page of them.
    this.subscriptionRowsAfter = preparedQuery<SubscriptionAfterArgs, PageRow>(db, (arg) =>
      this.pageRows(dialect, arg('subscriberId'), {
        limit: arg('limit'),
        window: arg('limit'),
        after: { key: arg('afterKey'), id: arg('afterId') },
      }),
    );
    // Each channel's public videos are kept by triggers (migration 014): the total is a sum
    // over the subscribed channels, not a count of every one of their videos.
    this.subscriptionTotal = preparedQuery<{ subscriberId: string }, { n: number }>(db, (arg) =>
      this.subscriptionTotalOf(arg('subscriberId')),
    );
  }

  /** A page of the feed's rows, newest first: by position, or after the row `after` names. */
  private pageRows(
    dialect: Dialect,
    subscriberId: string,
    page: { limit: number; window: number; offset?: number; after?: { key: number; id: string } },
  ) {
    if (dialect === 'sqlite') return this.sqlitePageRows(subscriberId, page);
    return this.subscriptionListed(subscriberId)
      .where('v.id', 'in', this.postgresPageIds(subscriberId, page))
      .orderBy('v.created_at', 'desc')
      .orderBy('v.id', 'desc');
  }

  /**
   * SQLite: the page read from the `(owner_id, visibility, created_at, id, card_version, views)`
   * index alone (migration 113), each subscribed channel's public videos in turn, sorted and
   * cut to the page.
   */
  private sqlitePageRows(
    subscriberId: string,
    page: { limit: number; offset?: number; after?: { key: number; id: string } },
  ) {
    let rows = this.subscriptionListed(subscriberId)
      .where('v.visibility', '=', 'public')
      .where('v.owner_id', 'in', this.channelsOf(subscriberId));
    if (page.after)
      rows = rows.where(afterRow(sql.ref('v.created_at'), 'v.id', 'desc', page.after));
    rows = rows.orderBy('v.created_at', 'desc').orderBy('v.id', 'desc').limit(page.limit);
    return page.offset === undefined ? rows : rows.offset(page.offset);
  }

  /**
   * PostgreSQL: the page's ids, ordered from the `(owner_id, visibility, created_at, id)` index
   * alone, so that only the page's rows are then read. Each channel's newest `window` videos
   * are merged (a lateral join): PostgreSQL otherwise walks every public video newest first,
   * checking each one's channel against the subscriptions (142 ms for a viewer of 100
   * channels).
   */
  private postgresPageIds(
    subscriberId: string,
    page: { limit: number; window: number; offset?: number; after?: { key: number; id: string } },
  ) {
    const { after } = page;
    const ids = this.db
      .selectFrom('subscriptions as s')
      .innerJoinLateral(
        (lateral) => {
          let newest = lateral
            .selectFrom('videos as c')
            .select(['c.id', 'c.created_at'])
            .whereRef('c.owner_id', '=', 's.channel_id')
            .where('c.visibility', '=', 'public')
            .where('c.created_at', '>=', this.windowStart(subscriberId, page));
          if (after)
            newest = newest.where(afterRow(sql.ref('c.created_at'), 'c.id', 'desc', after));
          return newest
            .orderBy('c.created_at', 'desc')
            .orderBy('c.id', 'desc')
            .limit(page.window)
            .as('p');
        },
        (join) => join.onTrue(),
      )
      .select('p.id')
      .where('s.subscriber_id', '=', subscriberId)
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(page.limit);
    return page.offset === undefined ? ids : ids.offset(page.offset);
  }

  /**
   * PostgreSQL: no video of the page's window is older than this. Each channel's newest video
   * (after the cursor's row, if any) is one index probe; when `window` channels have one, the
   * `window`-th newest of them is a time at least `window` videos reach, so every video of the
   * window is at least that new. Each channel's share is then read from that time on, not its
   * `window` newest: for a viewer of 100 channels about 200 index entries instead of 2,000.
   */
  private windowStart(
    subscriberId: string,
    page: { window: number; after?: { key: number; id: string } },
  ) {
    const { after } = page;
    const heads = this.db
      .selectFrom('subscriptions as s2')
      .select((eb) => {
        let head = eb
          .selectFrom('videos as h')
          .select('h.created_at')
          .whereRef('h.owner_id', '=', 's2.channel_id')
          .where('h.visibility', '=', 'public');
        if (after) head = head.where(afterRow(sql.ref('h.created_at'), 'h.id', 'desc', after));
        return head.orderBy('h.created_at', 'desc').orderBy('h.id', 'desc').limit(1).as('t');
      })
      .where('s2.subscriber_id', '=', subscriberId)
      .as('heads');
    // Channels with no video sort last: the row is then empty only when fewer than `window`
    // channels have one, and nothing is cut.
    const nth = this.db
      .selectFrom(heads)
      .select('heads.t')
      .orderBy(sql`heads.t desc nulls last`)
      .limit(1)
      .offset(sql<number>`${page.window} - 1`);
    return sql<number>`coalesce((${nth}), ${sql.lit(Number.MIN_SAFE_INTEGER)})`;
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

  /** Newest-first rows, as the video lists read them (VideoRepository). */
  private listed() {
    return listedVideos(this.db);
  }

  /**
   * Newest public videos of the channels a user subscribes to, and how many there are; by
   * position, or after a row already shown.
   */
  async page(
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
      : offset === 0
        ? await this.subscriptionFirstRows({ subscriberId, limit })
        : // No channel can contribute more than the page's last row: its newest `offset + limit`.
          await this.subscriptionRows({ subscriberId, limit, offset, window: offset + limit });
    if (rows.length > 0) return { rows, total: Number(rows[0]!.total) };
    // Nothing listed (no subscriptions, or a page past the end): the total alone.
    const [count] = await this.subscriptionTotal({ subscriberId });
    return { rows: [], total: Number(count?.n ?? 0) };
  }
}
