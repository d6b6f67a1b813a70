import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** Private feed tokens, by their SHA-256 (migration 082): SQL only. */
export class FeedTokenRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The user's one token becomes this one; any previous one stops working. */
  async replace(userId: string, tokenHash: string, now: number): Promise<void> {
    await this.db
      .insertInto('feed_tokens')
      .values({ user_id: userId, token_hash: tokenHash, created_at: now })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({ token_hash: tokenHash, created_at: now }),
      )
      .execute();
  }

  userOf(tokenHash: string): Promise<{ user_id: string } | undefined> {
    return this.db
      .selectFrom('feed_tokens')
      .select('user_id')
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  createdAt(userId: string): Promise<{ created_at: number } | undefined> {
    return this.db
      .selectFrom('feed_tokens')
      .select('created_at')
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  async remove(userId: string): Promise<void> {
    await this.db.deleteFrom('feed_tokens').where('user_id', '=', userId).execute();
  }
}
