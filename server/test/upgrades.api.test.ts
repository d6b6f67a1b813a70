import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type AppConfig } from '../src/config.js';
import { migrateTo, pendingMigrations } from '../src/db/migrate.js';
import { migrateForStart, upgradeBackupDir } from '../src/process/upgrade.js';
import { freePort, serverEnv } from './helpers/processes.js';
import { appVersion } from '../src/version.js';
import { freshDatabase } from './helpers/test-app.js';

/**
 * Upgrades and rollbacks, on the dialect this run uses: a SQLite database is copied before new
 * migrations run, every migration run is recorded with the version that ran it, and a database
 * a newer version migrated is refused in one line naming that version and the way back.
 */
const ROOT = path.resolve(import.meta.dirname, '..', '..');
let dir: string;
let database: Awaited<ReturnType<typeof freshDatabase>>;
let config: AppConfig;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vidshare-upgrade-'));
  database = await freshDatabase(dir);
  config = loadConfig({
    DATA_DIR: dir,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
  });
  // A database an older version left: migrated up to processing, with an account in it.
  await migrateTo(database.handle.db, '021-video-processing');
  await sql`insert into users (id, username, email, full_name, password_hash, avatar_key, created_at)
    values ('aaaaaaaaaaaaaaaaaaaaaaaa', 'olduser', 'old@example.com', 'Old User', 'x', 'images/a.webp', 1)`.execute(
    database.handle.db,
  );
});
afterAll(async () => {
  await database.handle.close();
  await database.drop();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('upgrading', () => {
  it('copies a SQLite database before migrating it, and records which version migrated', async () => {
    const said: string[] = [];
    // Whatever this build carries beyond 021, in the order they run.
    const pending = await pendingMigrations(database.handle.db);
    expect(pending).toContain('100-schema-versions');
    await migrateForStart(database.handle, config, (m) => said.push(m));
    expect(await pendingMigrations(database.handle.db)).toEqual([]);

    const backups = await fs.readdir(upgradeBackupDir(config)).catch(() => [] as string[]);
    if (database.handle.dialect === 'sqlite') {
      expect(backups, backups.join()).toHaveLength(1);
      expect(backups[0]!.startsWith(`vidshare-before-${pending[0]}-`)).toBe(true);
      expect(backups[0]).toMatch(/-[\dT-]+Z\.sqlite$/);
      const file = path.join(upgradeBackupDir(config), backups[0]!);
      expect(said).toEqual([expect.stringContaining(file)]);
      // The copy is the database as it was: its data, none of the new migrations.
      const copy = new SQLite(file, { readonly: true });
      try {
        const names = copy.prepare('select name from kysely_migration').pluck().all();
        expect(names).toContain('021-video-processing');
        expect(names).not.toContain('100-schema-versions');
        expect(copy.prepare('select username from users').pluck().all()).toEqual(['olduser']);
      } finally {
        copy.close();
      }
    } else {
      // PostgreSQL is backed up with pg_dump by its operator before upgrading (README).
      expect(backups).toEqual([]);
    }
    const recorded = await database.handle.db
      .selectFrom('schema_versions')
      .select(['version', 'migrations'])
      .execute();
    expect(recorded).toEqual([{ version: appVersion(), migrations: pending.join(',') }]);

    // Nothing pending: no copy and no record.
    await migrateForStart(database.handle, config, (m) => said.push(m));
    expect(await fs.readdir(upgradeBackupDir(config)).catch(() => [])).toHaveLength(backups.length);
    expect(
      await database.handle.db.selectFrom('schema_versions').select('version').execute(),
    ).toHaveLength(1);
  });

  it('refuses a database a newer version migrated, naming that version and the way back', async () => {
    // What version 9.9.0 would leave: a migration this build does not have, and its record.
    const future = '105-from-a-newer-version';
    await sql`insert into kysely_migration (name, timestamp) values (${future}, ${new Date().toISOString()})`.execute(
      database.handle.db,
    );
    await database.handle.db
      .insertInto('schema_versions')
      .values({ version: '9.9.0', migrated_at: Date.now() + 1, migrations: future })
      .execute();
    let copy: string | undefined;
    if (database.handle.dialect === 'sqlite') {
      copy = path.join(
        upgradeBackupDir(config),
        `vidshare-before-${future}-2030-01-01T00-00-00-000Z.sqlite`,
      );
      await fs.writeFile(copy, '');
    }
    const start = `This database was migrated by Vidshare 9.9.0 (migrations ${future}, which this version, ${appVersion()}, does not have): run 9.9.0 or newer, or roll back: `;
    const expected = copy
      ? `${start}stop every server and worker, copy ${copy} over ${config.sqlitePath}, then start this version (what was written since that upgrade is lost).`
      : `${start}restore the backup taken before that upgrade into an empty database (npm run restore -- DIR) and point DATABASE_URL at it.`;
    await expect(migrateForStart(database.handle, config, () => {})).rejects.toThrow(expected);

    // The server says it in that one line, and stops.
    const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: serverEnv(
        { port: await freePort(), dataDir: dir, databaseUrl: database.databaseUrl },
        // The default log level, as an install has it: the one line is all it prints.
        { SERVER_PROCESSES: '1', EMBEDDED_WORKER: 'false', LOG_LEVEL: 'info' },
      ),
    });
    let output = '';
    server.stdout.setEncoding('utf8').on('data', (d: string) => (output += d));
    server.stderr.setEncoding('utf8').on('data', (d: string) => (output += d));
    const code = await new Promise<number | null>((resolve) => server.once('exit', resolve));
    expect(code).toBe(1);
    expect(output).toBe(`${expected}\n`);
  }, 60_000);
});
