import { sql, type Kysely } from 'kysely';
import { newId } from '../../lib/ids.js';

/**
 * Accounts beyond sign-up: verified addresses, a bio, two-factor sign-in, the sessions a person
 * can see and end, one-time tokens sent by mail, usernames that moved, and the durable outbox
 * every message leaves through.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('bio', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .execute();
  // The TOTP secret in use, one waiting for its first code, and the last time step a code was
  // accepted for (a code is accepted once: RFC 6238 §5.2).
  await db.schema.alterTable('users').addColumn('totp_secret', 'varchar(64)').execute();
  await db.schema.alterTable('users').addColumn('totp_pending_secret', 'varchar(64)').execute();
  await db.schema.alterTable('users').addColumn('totp_last_step', 'bigint').execute();

  // A session's public id (its token hash is the secret's lookup key, never shown), and what
  // the person sees of it: the device from its user agent and the address it signed in from.
  await db.schema.alterTable('sessions').addColumn('id', 'varchar(24)').execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('user_agent', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('address', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();
  const existing = await sql<{ token_hash: string }>`select token_hash from sessions`.execute(db);
  for (const row of existing.rows) {
    await sql`update sessions set id = ${newId()} where token_hash = ${row.token_hash}`.execute(db);
  }
  await db.schema.createIndex('sessions_id').on('sessions').column('id').unique().execute();

  // Links sent by mail (verify an address, reset a password): only the SHA-256 of the token is
  // kept; `used_at` makes each single-use with one conditional update.
  await db.schema
    .createTable('account_tokens')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(24)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('purpose', 'varchar(32)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('account_tokens_user')
    .on('account_tokens')
    .columns(['user_id', 'purpose'])
    .execute();
  await db.schema
    .createIndex('account_tokens_expires_at')
    .on('account_tokens')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('totp_recovery_codes')
    .addColumn('user_id', 'varchar(24)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('totp_recovery_codes_pk', ['user_id', 'code_hash'])
    .execute();

  // An old username keeps pointing at its channel (and stays reserved) for a while.
  await db.schema
    .createTable('username_redirects')
    .addColumn('old_username', 'varchar(30)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(24)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('username_redirects_user')
    .on('username_redirects')
    .column('user_id')
    .execute();
  await db.schema
    .createIndex('username_redirects_expires_at')
    .on('username_redirects')
    .column('expires_at')
    .execute();

  // The outbox: a message is a row from the request that caused it until a sender delivered
  // it; senders in any process claim rows with a lease, as workers claim processing jobs.
  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('to_address', 'varchar(254)', (c) => c.notNull())
    .addColumn('subject', 'varchar(300)', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('run_after', 'bigint', (c) => c.notNull())
    .addColumn('lease_owner', 'varchar(100)')
    .addColumn('lease_expires_at', 'bigint')
    .addColumn('last_error', 'varchar(1000)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('mail_outbox_due')
    .on('mail_outbox')
    .columns(['state', 'run_after'])
    .execute();
}
