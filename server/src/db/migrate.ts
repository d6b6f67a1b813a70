import { sql, SqliteAdapter, type Kysely } from 'kysely';
import {
  Migrator,
  type Migration,
  type MigrationProvider,
  type MigrationResultSet,
} from 'kysely/migration';
import * as m001 from './migrations/001-accounts.js';
import * as m002 from './migrations/002-channels.js';
import * as m003 from './migrations/003-video-engagement.js';
import * as m004 from './migrations/004-social.js';
import * as m005 from './migrations/005-studio.js';
import * as m006 from './migrations/006-identities.js';
import * as m007 from './migrations/007-read-paths.js';
import * as m008 from './migrations/008-comment-like-counts.js';
import * as m009 from './migrations/009-search-generation.js';
import * as m010 from './migrations/010-video-engagement-counts.js';
import * as m011 from './migrations/011-liked-visibility.js';
import * as m012 from './migrations/012-comment-page-versions.js';
import * as m013 from './migrations/013-video-card-versions.js';
import * as m014 from './migrations/014-channel-video-counts.js';
import * as m015 from './migrations/015-media-tokens.js';
import * as m017 from './migrations/017-sign-in-protection.js';
import * as m018 from './migrations/018-google-link-requests.js';
import * as m021 from './migrations/021-video-processing.js';
import * as m060 from './migrations/060-accounts-and-mail.js';
import * as m040 from './migrations/040-uploads-and-job-kinds.js';
import * as m070 from './migrations/070-library-settings.js';
import * as m071 from './migrations/071-playlists.js';
import * as m072 from './migrations/072-notifications.js';
import * as m050 from './migrations/050-roles.js';
import * as m051 from './migrations/051-moderation.js';
import * as m052 from './migrations/052-reprocessing.js';
import * as m080 from './migrations/080-search-duration-generation.js';
import * as m081 from './migrations/081-trending-views.js';
import * as m082 from './migrations/082-feed-tokens.js';
import * as m083 from './migrations/083-video-captions.js';
import * as m100 from './migrations/100-schema-versions.js';

/** Listed statically so a bundled server carries its migrations; forward-only, in order. */
const MIGRATIONS = {
  '001-accounts': m001,
  '002-channels': m002,
  '003-video-engagement': m003,
  '004-social': m004,
  '005-studio': m005,
  '006-identities': m006,
  '007-read-paths': m007,
  '008-comment-like-counts': m008,
  '009-search-generation': m009,
  '010-video-engagement-counts': m010,
  '011-liked-visibility': m011,
  '012-comment-page-versions': m012,
  '013-video-card-versions': m013,
  '014-channel-video-counts': m014,
  '015-media-tokens': m015,
  '017-sign-in-protection': m017,
  '018-google-link-requests': m018,
  '021-video-processing': m021,
  '060-accounts-and-mail': m060,
  '040-uploads-and-job-kinds': m040,
  '070-library-settings': m070,
  '071-playlists': m071,
  '072-notifications': m072,
  '050-roles': m050,
  '051-moderation': m051,
  '052-reprocessing': m052,
  '080-search-duration-generation': m080,
  '081-trending-views': m081,
  '082-feed-tokens': m082,
  '083-video-captions': m083,
  '100-schema-versions': m100,
} satisfies Record<string, Migration>;

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** The migrations this build carries, by name. */
export const KNOWN_MIGRATIONS: readonly string[] = Object.keys(MIGRATIONS);

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
  await migrate(db, (migrator) => migrator.migrateToLatest());
}

/** Up to and including the named migration: for tests of what a later one does to old data. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export async function migrateTo(db: Kysely<any>, name: keyof typeof MIGRATIONS): Promise<void> {
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
): Promise<void> {
  // Migrations written on separate branches may land in any order; each stands alone, so one
  // numbered below the last applied still runs instead of stopping the server.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await whileWaitingLonger(db, () => run(migrator));
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
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
