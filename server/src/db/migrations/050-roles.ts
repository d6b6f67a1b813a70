import { sql, type Kysely } from 'kysely';

/**
 * Governance of accounts: a role per user (`admin`, `moderator`, `user`), and the states staff
 * put an account in. `suspended_at` (with its reason) keeps a user out and their content hidden
 * until lifted; `awaiting_approval` is a sign-up held for a moderator while registration asks
 * for approval; `quota_bytes` overrides the instance's default storage quota for this user.
 * Existing accounts stay ordinary, active users: the first admin is made from the command line.
 *
 * `audit_log` records every staff and command-line action, newest read first. It is written
 * only by the actions themselves and never changed or deleted through the API; the actor's name
 * is copied in, so an entry still says who acted after that account is gone (and no foreign key
 * ties an entry to a row that may be deleted).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('role', 'varchar(16)', (c) =>
      c
        .notNull()
        .defaultTo('user')
        .check(sql`role in ('admin', 'moderator', 'user')`),
    )
    .execute();
  await db.schema.alterTable('users').addColumn('suspended_at', 'bigint').execute();
  await db.schema.alterTable('users').addColumn('suspension_reason', 'text').execute();
  await db.schema
    .alterTable('users')
    .addColumn('awaiting_approval', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('users').addColumn('quota_bytes', 'bigint').execute();

  // Staff lists and the last-admin rule read users by role; few rows ever match.
  await db.schema.createIndex('users_role').on('users').columns(['role', 'id']).execute();
  // The console's pending and suspended lists, newest first, without reading every account.
  await db.schema
    .createIndex('users_awaiting_approval')
    .on('users')
    .columns(['awaiting_approval', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('users_suspended')
    .on('users')
    .columns(['suspended_at', 'id'])
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('action', 'varchar(32)', (c) => c.notNull())
    .addColumn('actor_id', 'varchar(24)')
    .addColumn('actor_username', 'varchar(30)')
    .addColumn('target_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('target_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('audit_log_created')
    .on('audit_log')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('audit_log_action_created')
    .on('audit_log')
    .columns(['action', 'created_at', 'id'])
    .execute();
}
