import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import {
  appliedMigrations,
  KNOWN_MIGRATIONS,
  migrateToLatest,
  pendingMigrations,
} from '../db/migrate.js';
import type { Database } from '../db/schema.js';
import { copySqliteDatabase } from '../ops/sqlite-copy.js';
import { appVersion } from '../version.js';
import { StartupError } from './startup-problems.js';

/** Where the copies taken before migrating a SQLite database go. */
export function upgradeBackupDir(config: AppConfig): string {
  return path.join(config.dataDir, 'backups');
}

/** `vidshare-before-014-channel-video-counts-2026-05-01T10-00-00-000Z.sqlite` */
export function upgradeBackupName(firstPending: string, at: Date): string {
  return `vidshare-before-${firstPending}-${at.toISOString().replace(/[:.]/g, '-')}.sqlite`;
}

/**
 * The line a build gives when the database has migrations it does not know: a newer version
 * migrated it, and this code does not understand its schema. It names that version and how
 * to roll back.
 */
export function newerDatabaseMessage(o: {
  madeBy: string | undefined;
  thisVersion: string;
  unknown: readonly string[];
  dialect: 'sqlite' | 'postgres';
  /** The copy taken before the newer version migrated, when one is at hand (SQLite). */
  backup: string | undefined;
  sqlitePath: string;
}): string {
  const by = o.madeBy ? `Vidshare ${o.madeBy}` : 'a newer Vidshare';
  const what =
    `This database was migrated by ${by} (migrations ${o.unknown.join(', ')}, ` +
    `which this version, ${o.thisVersion}, does not have): run ${o.madeBy ?? 'that version'} or newer, `;
  if (o.backup) {
    return `${what}or roll back: stop every server and worker, copy ${o.backup} over ${o.sqlitePath}, then start this version (what was written since that upgrade is lost).`;
  }
  return o.dialect === 'sqlite'
    ? `${what}or roll back: stop every server and worker and restore the backup taken before that upgrade into an empty DATA_DIR (npm run restore -- DIR).`
    : `${what}or roll back: restore the backup taken before that upgrade into an empty database (npm run restore -- DIR) and point DATABASE_URL at it.`;
}

async function newestVersion(db: Kysely<Database>): Promise<string | undefined> {
  try {
    const row = await db
      .selectFrom('schema_versions')
      .select('version')
      .orderBy('migrated_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.version;
  } catch {
    // Migrated by a version from before this table.
    return undefined;
  }
}

/** The newest copy taken before `migration` ran, if DATA_DIR/backups holds one. */
async function backupBefore(config: AppConfig, migration: string): Promise<string | undefined> {
  const dir = upgradeBackupDir(config);
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  const match = names
    .filter((n) => n.startsWith(`vidshare-before-${migration}-`) && n.endsWith('.sqlite'))
    .sort()
    .at(-1);
  return match ? path.join(dir, match) : undefined;
}

/**
 * What a starting server (or `npm run worker`) does to the database before serving: refuse one
 * a newer version migrated, keep a copy of a SQLite database about to be migrated (in
 * DATA_DIR/backups, through the online backup API), migrate, and record which version did.
 */
export async function migrateForStart(
  database: DatabaseHandle,
  config: AppConfig,
  log: (message: string) => void,
): Promise<void> {
  const applied = await appliedMigrations(database.db);
  const unknown = applied.filter((name) => !KNOWN_MIGRATIONS.includes(name));
  if (unknown.length > 0) {
    throw new StartupError(
      newerDatabaseMessage({
        madeBy: await newestVersion(database.db),
        thisVersion: appVersion(),
        unknown,
        dialect: database.dialect,
        backup: database.dialect === 'sqlite' ? await backupBefore(config, unknown[0]!) : undefined,
        sqlitePath: config.sqlitePath,
      }),
    );
  }
  const pending = await pendingMigrations(database.db);
  if (pending.length === 0) return;
  if (database.dialect === 'sqlite' && applied.length > 0) {
    const dir = upgradeBackupDir(config);
    await fs.mkdir(dir, { recursive: true });
    const file = path.join(dir, upgradeBackupName(pending[0]!, new Date()));
    await copySqliteDatabase(config.sqlitePath, file);
    log(
      `Kept a copy of the database as it was before migrations ${pending.join(', ')}: ${file} (to roll back, copy it over ${config.sqlitePath} with the server stopped).`,
    );
  }
  await migrateToLatest(database.db);
  await database.db
    .insertInto('schema_versions')
    .values({ version: appVersion(), migrated_at: Date.now(), migrations: pending.join(',') })
    .execute();
}
