import { sql, type Kysely } from 'kysely';

/**
 * Failed sign-ins counted per account (not only per client address), and when each session was
 * last used, for the idle timeout.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // `account` is `user:<id>` for an existing account, `login:<name>` for one that does not
  // exist, so both are refused alike. Rows live in the database, shared by every process.
  await db.schema
    .createTable('login_failures')
    .addColumn('account', 'varchar(320)', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('locked_until', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_failures_updated_at')
    .on('login_failures')
    .column('updated_at')
    .execute();

  await db.schema
    .alterTable('sessions')
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  // Sessions from before the idle timeout count as used now, so upgrading signs nobody out.
  await sql`update sessions set last_seen_at = ${Date.now()}`.execute(db);
}
