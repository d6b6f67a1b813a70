import { sql, SqliteAdapter, type Kysely } from 'kysely';
import {
  Migrator,
  type Migration,
  type MigrationProvider,
  type MigrationResultSet,
} from 'kysely/migration';
import { applyDerivedData } from './derived/apply.js';
import { MIGRATION_FILES, loadMigration } from './migration-files.js';
import { asMigration, migrationNames, MIGRATIONS_FOLDER } from './migration-names.js';

/** The migrations this build carries, by name. */
export const KNOWN_MIGRATIONS: readonly string[] = migrationNames(MIGRATION_FILES);

/**
 * The migrations are the files of db/migrations (migration-files.ts finds them, in source and
 * in the bundle alike): adding one is adding its file. Forward-only, run in order of name.
 */
const provider: MigrationProvider = {
  getMigrations: async () => {
    const modules = await Promise.all(
      KNOWN_MIGRATIONS.map(async (name) => [name, asMigration(name, await loadMigration(name))]),
    );
    return Object.fromEntries(modules) as Record<string, Migration>;
  },
};

/** Names of the migrations the database has run, whichever build ran them; none on a new one. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export async function appliedMigrations(db: Kysely<any>): Promise<string[]> {
  try {
    const { rows } = await sql<{
      name: string;
    }>`select name from kysely_migration order by name`.execute(db);
    return rows.map((r) => r.name);
  } catch {
    // No migration table yet: nothing has run.
    return [];
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const ran = await migrate(db, (migrator) => migrator.migrateToLatest());
  // Then the derived data's triggers, generated from their declaration (db/derived/): replaced
  // when the declaration changed, or when migrations ran (a table they rebuild loses its
  // triggers on SQLite).
  await whileWaitingLonger(db, () => applyDerivedData(db, { always: ran > 0 }));
}

/** Up to and including the named migration: for tests of what a later one does to old data. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export async function migrateTo(db: Kysely<any>, name: string): Promise<void> {
  if (!KNOWN_MIGRATIONS.includes(name)) {
    throw new Error(`No migration named ${name}: there is no ${MIGRATIONS_FOLDER}/${name}.ts`);
  }
  await migrate(db, (migrator) => migrator.migrateTo(name));
}

/** Names of the migrations this build carries that the database has not run yet. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export async function pendingMigrations(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const all = await migrator.getMigrations();
  return all.filter((m) => m.executedAt === undefined).map((m) => m.name);
}

async function migrate(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
  db: Kysely<any>,
  run: (migrator: Migrator) => Promise<MigrationResultSet>,
): Promise<number> {
  // Migrations written on separate branches may land in any order; each stands alone, so one
  // numbered below the last applied still runs instead of stopping the server.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await whileWaitingLonger(db, () => run(migrator));
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
  return results?.filter((r) => r.status === 'Success').length ?? 0;
}

/**
 * On SQLite another process's migrations hold the write lock for as long as they take (see
 * SnapshotSqliteAdapter); a process starting beside it waits them out rather than fail after
 * the usual busy timeout. PostgreSQL's migration lock waits without a bound already.
 */
async function whileWaitingLonger<T>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
  db: Kysely<any>,
  work: () => Promise<T>,
): Promise<T> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return work();
  const { rows } = await sql<{ timeout: number }>`pragma busy_timeout`.execute(db);
  const usual = Number(rows[0]?.timeout ?? 0);
  await sql.raw(`pragma busy_timeout = ${MIGRATION_WAIT_MS}`).execute(db);
  try {
    return await work();
  } finally {
    await sql.raw(`pragma busy_timeout = ${usual}`).execute(db);
  }
}

const MIGRATION_WAIT_MS = 10 * 60_000;
