import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** What of a deleted account's videos its files are found by. */
export interface DeletedVideo {
  id: string;
  media_token: string | null;
  video_key: string;
  thumbnail_key: string;
}

export interface DeletedAccount {
  avatar_key: string;
  cover_key: string | null;
  videos: DeletedVideo[];
  /** Its unfinished uploads, whose bytes go once the rows have. */
  uploads: string[];
}

/**
 * An account and everything of it, in one transaction (`db` is that transaction): its videos
 * with their comments, likes, views and jobs; its comments on other people's videos with
 * their replies; its likes, subscriptions both ways, sessions and identities. Likes and
 * comments go by statements the count triggers see, so the like and comment counts of other
 * people's videos and comments follow in the same transaction.
 */
export class UserDeletionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Answers what the account held, for its files; undefined when there is no such account. */
  async deleteAccount(db: Kysely<Database>, userId: string): Promise<DeletedAccount | undefined> {
    const user = await db
      .selectFrom('users')
      .select(['avatar_key', 'cover_key'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user) return undefined;
    const ownVideos = db.selectFrom('videos').select('id').where('owner_id', '=', userId);
    const ownComments = db.selectFrom('comments').select('id').where('owner_id', '=', userId);

    // PostgreSQL: the videos whose counts change are locked first, in id order, the order a
    // like toggle and a visibility change lock in, so no concurrent toggle deadlocks with this.
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`select 1 from videos where id in (
          select target_id from likes where user_id = ${userId} and target_type = 'Video'
          union select video_id from comments where owner_id = ${userId}
          union select id from videos where owner_id = ${userId}
        ) order by id for no key update`.execute(db);
    }

    // Likes point at videos or comments without a foreign key: those on anything that goes.
    await db
      .deleteFrom('likes')
      .where('target_type', '=', 'Comment')
      .where((eb) =>
        eb.or([
          eb('target_id', 'in', ownComments),
          eb(
            'target_id',
            'in',
            eb.selectFrom('comments').select('id').where('parent_id', 'in', ownComments),
          ),
          eb(
            'target_id',
            'in',
            eb.selectFrom('comments').select('id').where('video_id', 'in', ownVideos),
          ),
        ]),
      )
      .execute();
    await db
      .deleteFrom('likes')
      .where('target_type', '=', 'Video')
      .where('target_id', 'in', ownVideos)
      .execute();
    // The account's own likes: the triggers take them off other people's counts.
    await db.deleteFrom('likes').where('user_id', '=', userId).execute();

    // Its threads elsewhere: replies to its comments, then its replies, then its comments.
    await db.deleteFrom('comments').where('parent_id', 'in', ownComments).execute();
    await db
      .deleteFrom('comments')
      .where('owner_id', '=', userId)
      .where('parent_id', 'is not', null)
      .execute();
    await db.deleteFrom('comments').where('owner_id', '=', userId).execute();

    // Its videos and what hangs off them.
    await db
      .deleteFrom('comments')
      .where('video_id', 'in', ownVideos)
      .where('parent_id', 'is not', null)
      .execute();
    await db.deleteFrom('comments').where('video_id', 'in', ownVideos).execute();
    await db.deleteFrom('video_views').where('video_id', 'in', ownVideos).execute();
    await db.deleteFrom('video_view_guards').where('video_id', 'in', ownVideos).execute();
    await db.deleteFrom('watch_history').where('video_id', 'in', ownVideos).execute();
    const videos = await db
      .deleteFrom('videos')
      .where('owner_id', '=', userId)
      .returning(['id', 'media_token', 'video_key', 'thumbnail_key'])
      .execute();

    // The rest goes with the row (foreign keys cascade: sessions, identities, subscriptions,
    // subscription events, watch history and progress, reports it made, channel blocks);
    // views it counted stay, without a viewer, in their channels' analytics.
    const uploads = await db
      .deleteFrom('uploads')
      .where('owner_id', '=', userId)
      .returning('id')
      .execute();
    await db.deleteFrom('login_failures').where('account', '=', `user:${userId}`).execute();
    await db.deleteFrom('users').where('id', '=', userId).execute();
    return {
      avatar_key: user.avatar_key,
      cover_key: user.cover_key,
      videos,
      uploads: uploads.map((u) => u.id),
    };
  }

  /** The account's deletion in a transaction of its own. */
  deleteAccountNow(userId: string): Promise<DeletedAccount | undefined> {
    return this.db.transaction().execute((trx) => this.deleteAccount(trx, userId));
  }
}
