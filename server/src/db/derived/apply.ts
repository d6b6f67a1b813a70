import { sql, SqliteAdapter, type Kysely, type Transaction } from 'kysely';
import type { Dialect } from '../database.js';
import { DERIVED_DATA, type DerivedEntry } from './derived-data.js';
import { derivedHash, derivedSql } from './generate.js';

/**
 * The same key as the migrator's PostgreSQL lock (Kysely's PostgresAdapter): a process that
 * starts beside another waits for its migrations and its triggers alike, then finds them done.
 */
const MIGRATION_LOCK_ID = '3853314791062309107';

/**
 * Makes the database's triggers those the declaration generates (db/derived/derived-data.ts),
 * after the migrations: when the generated SQL's hash differs from the one recorded, or
 * `always` (migrations just ran, and may have rebuilt a table and its triggers with it), every
 * trigger (and on PostgreSQL every trigger function) is dropped and the generated ones created,
 * in one transaction. Returns whether it replaced them. `entries` is the declaration (another
 * only in tests of a change to it).
 */
export async function applyDerivedData(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- runs beside the migrations, before the typed schema
  db: Kysely<any>,
  options: { always?: boolean; entries?: readonly DerivedEntry[] } = {},
): Promise<boolean> {
  const dialect: Dialect =
    db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';
  const statements = derivedSql(dialect, options.entries ?? DERIVED_DATA);
  const hash = derivedHash(dialect, statements);
  return db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') {
      await sql`select pg_advisory_xact_lock(${sql.lit(MIGRATION_LOCK_ID)}::bigint)`.execute(trx);
    }
    const { rows } = await sql<{
      hash: string;
    }>`select hash from derived_data_state where id = 1`.execute(trx);
    if (!options.always && rows[0]?.hash === hash) return false;
    await dropTriggers(trx, dialect);
    for (const statement of statements) await sql.raw(statement).execute(trx);
    await sql`update derived_data_state set hash = ${hash} where id = 1`.execute(trx);
    return true;
  });
}

/** Every trigger of the schema: all of them are derived data, written by the migrations or by this. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
async function dropTriggers(trx: Transaction<any>, dialect: Dialect): Promise<void> {
  if (dialect === 'sqlite') {
    const { rows } = await sql<{
      name: string;
    }>`select name from sqlite_master where type = 'trigger' order by name`.execute(trx);
    for (const { name } of rows) await sql`drop trigger ${sql.id(name)}`.execute(trx);
    return;
  }
  const triggers = await sql<{ name: string; table_name: string }>`
    select t.tgname as name, c.relname as table_name
    from pg_trigger t join pg_class c on c.oid = t.tgrelid
      join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and not t.tgisinternal
      and not exists (select 1 from pg_depend d
        where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
    order by 2, 1`.execute(trx);
  for (const t of triggers.rows) {
    await sql`drop trigger ${sql.id(t.name)} on ${sql.id(t.table_name)}`.execute(trx);
  }
  // Trigger functions only: an extension's (pg_trgm's) are its own.
  const functions = await sql<{ name: string }>`
    select p.proname as name
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = current_schema() and p.prorettype = 'trigger'::regtype
      and not exists (select 1 from pg_depend d
        where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
    order by 1`.execute(trx);
  for (const f of functions.rows) await sql`drop function ${sql.id(f.name)}()`.execute(trx);
}
