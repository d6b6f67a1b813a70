import { sql, type Kysely, type SqlBool } from 'kysely';
import type { NotificationKind } from '@contract';
import type { Database } from '../db/schema.js';
import { preparedQuery } from '../db/prepared-query.js';
import { ms } from './notification-fanout.repository.js';
import type { VideoListRow } from './video.repository.js';
import { listedPublicly, visibleTo } from './video-visibility.js';

/** A notification as the list reads it; `id`, `card_version` and `views` are its video's. */
export interface NotificationRow extends VideoListRow {
  notification_id: string;
  kind: NotificationKind;
  created_at: number;
  is_read: number;
  comment_id: string | null;
  comment_content: string | null;
  actor_id: string | null;
  actor_username: string | null;
  actor_avatar_key: string | null;
}

/** What a read of one user's notifications depends on besides the rows. */
export interface NotificationScope {
  userId: string;
  /** Kinds the user wants; the others are left out. */
  kinds: readonly NotificationKind[];
  /** Everything up to this time counts as read ("mark all read"). */
  readBefore: number;
  /** Nothing older than this is listed or counted. */
  since: number;
}

/** The values a read of one user's notifications binds (see `NotificationRepository`). */
interface ReadArgs {
  userId: string;
  /** The lower bound of both sides' index ranges (epoch ms). */
  from: number;
  readBefore: number;
  /** 1 for each kind the user wants, 0 for the others. */
  newVideo: number;
  commentReply: number;
  videoComment: number;
  processingDone: number;
  processingFailed: number;
  /** Rows each side may contribute (a page's limit plus its offset), and the page. */
  take: number;
  limit: number;
  offset: number;
  cap: number;
}

type Arg = <K extends keyof ReadArgs>(name: K) => ReadArgs[K];

/** Notifications, read per user; new videos of subscribed channels are joined when read. */
export class NotificationRepository {
  private readonly pageQuery;
  private readonly unreadQuery;

  constructor(private readonly db: Kysely<Database>) {
    // Every bell polls the count and every panel reads the page: both are compiled once, with
    // the user's choice of kinds bound as values rather than spelled into the SQL.
    this.pageQuery = preparedQuery<ReadArgs, NotificationRow>(db, (arg) => this.buildPage(arg));
    this.unreadQuery = preparedQuery<ReadArgs, { new_count: number; stored_count: number }>(
      db,
      (arg) => this.buildUnread(arg),
    );
  }

  /**
   * New public videos of the channels the user subscribes to, published since they subscribed
   * (and since `from`): one row per video, the video's id being the notification's.
   */
  private newVideos(arg: Arg) {
    return this.db
      .selectFrom('subscriptions as s')
      .innerJoin('video_publications as p', (join) =>
        join
          .onRef('p.channel_id', '=', 's.channel_id')
          .on('p.published_at', '>=', arg('from'))
          .onRef('p.published_at', '>=', 's.created_at'),
      )
      .innerJoin('videos as v', 'v.id', 'p.video_id')
      .where('s.subscriber_id', '=', arg('userId'))
      .where(listedPublicly())
      .where(sql<SqlBool>`${arg('newVideo')} = 1`);
  }

  /**
   * The user's own rows since `from`, of the kinds they want, about videos they may see, and
   * about comments others may see: one hidden since (its author suspended, or held by the
   * video's owner) leaves the list, as it leaves the video's page.
   */
  private stored(arg: Arg) {
    return this.db
      .selectFrom('notifications as n')
      .innerJoin('videos as v', 'v.id', 'n.video_id')
      .leftJoin('comments as hc', 'hc.id', 'n.comment_id')
      .where('n.user_id', '=', arg('userId'))
      .where('n.created_at', '>=', arg('from'))
      .where(visibleTo(arg('userId')))
      .where(sql<SqlBool>`(n.comment_id is null or hc.hidden = 0)`)
      .where(
        sql<SqlBool>`(n.kind = 'comment_reply' and ${arg('commentReply')} = 1
          or n.kind = 'video_comment' and ${arg('videoComment')} = 1
          or n.kind = 'processing_done' and ${arg('processingDone')} = 1
          or n.kind = 'processing_failed' and ${arg('processingFailed')} = 1)`,
      );
  }

  /**
   * Newest first, both sources merged; `limit` rows from `offset`. Each side is ordered and cut
   * in its own subquery (a compound select may not order its members) with only what ordering
   * and filtering need; who did it, the comment's words and whether it was read are joined to
   * the page's rows alone.
   */
  private buildPage(arg: Arg) {
    const newVideos = this.newVideos(arg)
      .select([
        'p.video_id as notification_id',
        sql<NotificationKind>`'new_video'`.as('kind'),
        'p.published_at as created_at',
        sql<number | null>`cast(null as bigint)`.as('read_at'),
        'v.id',
        'v.card_version',
        'v.views',
        sql<string | null>`cast(null as varchar(24))`.as('comment_id'),
        sql<string | null>`v.owner_id`.as('actor_id'),
      ])
      .orderBy('p.published_at', 'desc')
      .orderBy('p.video_id', 'desc')
      .limit(arg('take'));
    const stored = this.stored(arg)
      .select([
        'n.id as notification_id',
        sql<NotificationKind>`n.kind`.as('kind'),
        'n.created_at',
        'n.read_at',
        'v.id',
        'v.card_version',
        'v.views',
        'n.comment_id',
        'n.actor_id',
      ])
      .orderBy('n.created_at', 'desc')
      .orderBy('n.id', 'desc')
      .limit(arg('take'));
    const columns = [
      'notification_id',
      'kind',
      'created_at',
      'read_at',
      'id',
      'card_version',
      'views',
      'comment_id',
      'actor_id',
    ] as const;
    const merged = this.db
      .selectFrom(newVideos.as('a'))
      .select(columns)
      .unionAll(this.db.selectFrom(stored.as('b')).select(columns));
    return this.db
      .selectFrom(merged.as('m'))
      .leftJoin('users as u', 'u.id', 'm.actor_id')
      .leftJoin('comments as c', 'c.id', 'm.comment_id')
      .select([
        'm.notification_id',
        'm.kind',
        'm.created_at',
        sql<number>`case
          when m.created_at <= ${ms(arg('readBefore'))} or m.read_at is not null then 1
          when m.kind = 'new_video' and exists (select 1 from new_video_reads r
            where r.user_id = ${arg('userId')} and r.video_id = m.notification_id) then 1
          else 0 end`.as('is_read'),
        'm.id',
        'm.card_version',
        'm.views',
        'm.comment_id',
        'c.content as comment_content',
        'm.actor_id',
        'u.username as actor_username',
        'u.avatar_key as actor_avatar_key',
      ])
      .orderBy('m.created_at', 'desc')
      .orderBy('m.notification_id', 'desc')
      .limit(arg('limit'))
      .offset(arg('offset'));
  }

  /** Unread on each side, each counted up to `cap` (the bell shows "99+"). */
  private buildUnread(arg: Arg) {
    const newUnread = this.newVideos(arg)
      .select(sql<number>`1`.as('one'))
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('new_video_reads as r')
              .select(sql<number>`1`.as('one'))
              .where('r.user_id', '=', arg('userId'))
              .whereRef('r.video_id', '=', 'p.video_id'),
          ),
        ),
      )
      .limit(arg('cap'));
    const storedUnread = this.stored(arg)
      .select(sql<number>`1`.as('one'))
      .where('n.read_at', 'is', null)
      .limit(arg('cap'));
    return this.db.selectNoFrom((eb) => [
      eb
        .selectFrom(newUnread.as('a'))
        .select(sql<number>`count(*)`.as('n'))
        .as('new_count'),
      eb
        .selectFrom(storedUnread.as('b'))
        .select(sql<number>`count(*)`.as('n'))
        .as('stored_count'),
    ]);
  }

  private argsOf(scope: NotificationScope) {
    const wants = (kind: NotificationKind) => (scope.kinds.includes(kind) ? 1 : 0);
    return {
      userId: scope.userId,
      readBefore: scope.readBefore,
      newVideo: wants('new_video'),
      commentReply: wants('comment_reply'),
      videoComment: wants('video_comment'),
      processingDone: wants('processing_done'),
      processingFailed: wants('processing_failed'),
    };
  }

  /** Newest first, both sources merged; `limit` rows from `offset`. */
  page(scope: NotificationScope, limit: number, offset: number): Promise<NotificationRow[]> {
    return this.pageQuery({
      ...this.argsOf(scope),
      from: scope.since,
      take: limit + offset,
      limit,
      offset,
      cap: 0,
    });
  }

  /** Unread notifications, counted up to `cap` on each side (the bell shows "99+"). */
  async unreadCount(scope: NotificationScope, cap: number): Promise<number> {
    const [row] = await this.unreadQuery({
      ...this.argsOf(scope),
      // One lower bound for each side's index range: whichever of the window and the read-all
      // line is later (someone who read everything lately has little to scan).
      from: Math.max(scope.since, scope.readBefore + 1),
      take: 0,
      limit: 0,
      offset: 0,
      cap,
    });
    return Number(row?.new_count ?? 0) + Number(row?.stored_count ?? 0);
  }

  /** Marks these notifications of the user read, whichever source each comes from. */
  async markRead(userId: string, ids: readonly string[], now: number): Promise<void> {
    if (ids.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('notifications')
        .set({ read_at: now })
        .where('user_id', '=', userId)
        .where('id', 'in', ids)
        .where('read_at', 'is', null)
        .execute();
      await trx
        .insertInto('new_video_reads')
        .columns(['user_id', 'video_id', 'read_at'])
        .expression(
          trx
            .selectFrom('video_publications as p')
            .innerJoin('subscriptions as s', 's.channel_id', 'p.channel_id')
            .select(['s.subscriber_id as user_id', 'p.video_id as video_id', ms(now).as('read_at')])
            .where('s.subscriber_id', '=', userId)
            .where('p.video_id', 'in', ids),
        )
        .onConflict((oc) => oc.columns(['user_id', 'video_id']).doNothing())
        .execute();
    });
  }

  /** Read marks and notifications older than `before`: nothing lists them any more. */
  async prune(before: number): Promise<void> {
    await this.db.deleteFrom('notifications').where('created_at', '<', before).execute();
    await this.db.deleteFrom('new_video_reads').where('read_at', '<', before).execute();
  }
}
