import type { Kysely } from 'kysely';

/**
 * A Google sign-in whose verified email belongs to an existing account that is not linked to
 * that Google account: nothing is signed in until the person proves they own the account (its
 * password) or chooses a separate account. Kept a few minutes, used once, bound to the
 * browser by a cookie holding the token whose hash is the key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('google_link_requests')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('provider', 'varchar(32)', (c) => c.notNull())
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('full_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(24)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('return_to', 'varchar(2048)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('google_link_requests_expires_at')
    .on('google_link_requests')
    .column('expires_at')
    .execute();
  await db.schema
    .createIndex('google_link_requests_user')
    .on('google_link_requests')
    .column('user_id')
    .execute();
}
