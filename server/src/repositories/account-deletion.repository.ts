import type { Kysely } from 'kysely';
import type { Dialect } from '../db/database.js';
import type { Database } from '../db/schema.js';

/** The last step of an account's deletion: what it removed, or that something was still left. */
export type AccountRowsOutcome =
  /** The account still owned videos or comments (made by a request already under way). */
  | { left: true }
  /** Gone (or already gone): the pictures to remove from storage now. */
  | { left: false; pictures: string[] };

/** What an account's deletion reads and removes besides its videos (AccountDeletionService). */
export class AccountDeletionRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  async videoIdsOf(userId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('videos')
      .select('id')
      .where('owner_id', '=', userId)
      .execute();
    return rows.map((r) => r.id);
  }

  /** The account's unfinished resumable uploads (their rows go with the account's row). */
  async uploadIdsOf(userId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('uploads')
      .select('id')
      .where('owner_id', '=', userId)
      .execute();
    return rows.map((r) => r.id);
  }

  /** The account's comments and replies on other people's videos, top-level ones first. */
  async commentIdsOf(userId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('comments')
      .select(['id', 'parent_id'])
      .where('owner_id', '=', userId)
      .execute();
    return rows
      .sort((a, b) => Number(a.parent_id !== null) - Number(b.parent_id !== null))
      .map((r) => r.id);
  }

  /**
   * One transaction, once the account's videos and comments are gone. It locks the account
   * row first (PostgreSQL: `for update`, which a new row referencing the account waits for;
   * SQLite: the write lock), so nothing of the account can be added meanwhile, and stops with
   * `left` when a request that was already under way added a video or a comment before it, for
   * the caller to remove them as the owner's delete does and come back. Then it removes the
   * account's likes (triggers take them off other people's counts), locking the videos they
   * are on first, in id order, as every change of likes does (lockVideoRow), so none of them
   * can deadlock with it; the mail still waiting
   * for its addresses, its rate-limit and sign-in failure counters; and the account row, whose
   * foreign keys remove its sessions, subscriptions both ways, history, progress, links,
   * identities, tokens and codes, its playlists with their videos, its library settings, and
   * the notifications to it and those it is the actor of. Views it made stay counted, without it.
   */
  async deleteAccountRows(userId: string): Promise<AccountRowsOutcome> {
    const postgres = this.dialect === 'postgres';
    return this.db.transaction().execute(async (trx) => {
      if (postgres) {
        // Deleting its subscriptions moves the kept counts of the channels it subscribes to
        // (users.subscribers_count): those rows and its own are locked first, in id order, so
        // two accounts subscribed to each other, deleted at once, cannot deadlock.
        await trx
          .selectFrom('users')
          .select('id')
          .where((eb) =>
            eb.or([
              eb('id', '=', userId),
              eb(
                'id',
                'in',
                eb
                  .selectFrom('subscriptions')
                  .select('channel_id')
                  .where('subscriber_id', '=', userId),
              ),
            ]),
          )
          .orderBy('id')
          .forNoKeyUpdate()
          .execute();
      }
      const account = await trx
        .selectFrom('users')
        .select(['email', 'avatar_key', 'cover_key'])
        .where('id', '=', userId)
        .$if(postgres, (qb) => qb.forUpdate())
        .executeTakeFirst();
      if (!account) return { left: false, pictures: [] };
      const owned = await trx
        .selectFrom('videos')
        .select('id')
        .where('owner_id', '=', userId)
        .unionAll((eb) => eb.selectFrom('comments').select('id').where('owner_id', '=', userId))
        .limit(1)
        .executeTakeFirst();
      if (owned) return { left: true };

      if (postgres) {
        // The videos its likes are on, or on whose comments they are, in one order.
        await trx
          .selectFrom('videos')
          .select('id')
          .where((eb) =>
            eb.or([
              eb(
                'id',
                'in',
                eb
                  .selectFrom('likes')
                  .select('target_id')
                  .where('user_id', '=', userId)
                  .where('target_type', '=', 'Video'),
              ),
              eb(
                'id',
                'in',
                eb
                  .selectFrom('comments as c')
                  .innerJoin('likes as l', 'l.target_id', 'c.id')
                  .select('c.video_id')
                  .where('l.user_id', '=', userId)
                  .where('l.target_type', '=', 'Comment'),
              ),
            ]),
          )
          .orderBy('id')
          .forNoKeyUpdate()
          .execute();
      }
      await trx.deleteFrom('likes').where('user_id', '=', userId).execute();
      await trx.deleteFrom('video_view_guards').where('viewer_key', '=', `u:${userId}`).execute();
      const pendingAddresses = await trx
        .selectFrom('account_tokens')
        .select('email')
        .where('user_id', '=', userId)
        .execute();
      const addresses = [...new Set([account.email, ...pendingAddresses.map((r) => r.email)])];
      await trx.deleteFrom('mail_outbox').where('to_address', 'in', addresses).execute();
      await trx
        .deleteFrom('rate_limits')
        .where('subject', 'in', [userId, ...addresses])
        .execute();
      await trx.deleteFrom('login_failures').where('account', '=', `user:${userId}`).execute();
      await trx.deleteFrom('subscriptions').where('subscriber_id', '=', userId).execute();
      await trx.deleteFrom('subscriptions').where('channel_id', '=', userId).execute();
      await trx.deleteFrom('users').where('id', '=', userId).execute();
      return {
        left: false,
        pictures: [account.avatar_key, account.cover_key].filter((k): k is string => Boolean(k)),
      };
    });
  }
}
