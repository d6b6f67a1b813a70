import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** What an account's deletion reads and removes besides its videos (AccountDeletionService). */
export class AccountDeletionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async videoIdsOf(userId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('videos')
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
      .orderBy('parent_id')
      .execute();
    return rows
      .sort((a, b) => Number(a.parent_id !== null) - Number(b.parent_id !== null))
      .map((r) => r.id);
  }

  /**
   * The account's likes (triggers take them off other people's counts), then the account row,
   * whose foreign keys remove its sessions, subscriptions both ways, history, progress, links,
   * identities and codes; views it made stay counted, without it. One transaction.
   */
  async deleteAccountRows(userId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('likes').where('user_id', '=', userId).execute();
      await trx.deleteFrom('video_view_guards').where('viewer_key', '=', `u:${userId}`).execute();
      await trx.deleteFrom('subscriptions').where('subscriber_id', '=', userId).execute();
      await trx.deleteFrom('subscriptions').where('channel_id', '=', userId).execute();
      await trx.deleteFrom('users').where('id', '=', userId).execute();
    });
  }
}
