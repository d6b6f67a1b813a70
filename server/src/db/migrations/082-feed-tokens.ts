import type { Kysely } from 'kysely';

/**
 * `feed_tokens`: the secret in a user's private subscriptions feed URL, one per user, stored as
 * its SHA-256 only (like sessions). Making a new one replaces the old, which stops working;
 * deleting it turns the feed off.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('feed_tokens')
    .addColumn('user_id', 'varchar(24)', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}
