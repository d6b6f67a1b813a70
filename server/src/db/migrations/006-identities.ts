import type { Kysely } from 'kysely';

/** Accounts at identity providers linked to users, and sign-ins in progress with them. */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per provider account: a later sign-in with the same subject finds the same user.
  await db.schema
    .createTable('user_identities')
    .addColumn('provider', 'varchar(32)', (c) => c.notNull())
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(24)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_identities_pk', ['provider', 'subject'])
    .execute();
  // Deleting a user cascades here.
  await db.schema
    .createIndex('user_identities_user')
    .on('user_identities')
    .column('user_id')
    .execute();

  // A started authorisation request: what the callback must check, kept a few minutes, used once.
  // Rows live in the database, not in memory, so any API process can finish a sign-in.
  await db.schema
    .createTable('oauth_flows')
    .addColumn('state_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('provider', 'varchar(32)', (c) => c.notNull())
    .addColumn('code_verifier', 'varchar(128)', (c) => c.notNull())
    .addColumn('nonce', 'varchar(128)', (c) => c.notNull())
    .addColumn('return_to', 'varchar(2048)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('oauth_flows_expires_at')
    .on('oauth_flows')
    .column('expires_at')
    .execute();
}
