import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, pendingMigrations } from '../src/db/migrate.js';
import { schemaSnapshot } from '../src/db/schema-snapshot.js';
import { freshDatabase } from './helpers/test-app.js';
import { commandEnv } from './helpers/processes.js';

/**
 * Servers started together on one empty database (several machines on PostgreSQL, or `npm
 * start` twice on one SQLite file) each migrate it at start: one does, the others wait for it
 * and find nothing left to do. Real processes, since SQLite's lock is between connections.
 */
const ROOT = path.resolve(import.meta.dirname, '..', '..');
let dir: string;
let database: Awaited<ReturnType<typeof freshDatabase>>;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vidshare-migrate-'));
  database = await freshDatabase(dir);
});
afterAll(async () => {
  await database.handle.close();
  await database.drop();
  await fs.rm(dir, { recursive: true, force: true });
});

function migrateInProcess(): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'server/test/helpers/migrate-process.ts'],
      {
        cwd: ROOT,
        stdio: ['ignore', 'ignore', 'pipe'],
        env: commandEnv({
          DATA_DIR: dir,
          ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
        }),
      },
    );
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stderr }));
  });
}

describe('migrating one database from several processes at once', () => {
  it('succeeds in every process and applies each migration once', async () => {
    const runs = await Promise.all(Array.from({ length: 4 }, () => migrateInProcess()));
    for (const run of runs) expect(run, run.stderr).toMatchObject({ code: 0 });

    const { db } = database.handle;
    expect(await pendingMigrations(db)).toEqual([]);
    const applied = await db
      .selectFrom('kysely_migration' as never)
      .select(sql<string>`name`.as('name'))
      .execute();
    const names = applied.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    // The schema is the one a single migration produces.
    const committed = await fs.readFile(
      path.join(ROOT, 'server', 'sql', `schema.${database.handle.dialect}.sql`),
      'utf8',
    );
    expect(await schemaSnapshot(db, database.handle.dialect)).toBe(committed);
  }, 120_000);

  it('finds nothing to do later, and leaves SQLite’s usual busy timeout in place', async () => {
    const { db, dialect } = database.handle;
    await migrateToLatest(db);
    expect(await pendingMigrations(db)).toEqual([]);
    if (dialect === 'sqlite') {
      // Raised only while migrating, to wait out another process's migrations.
      const { rows } = await sql<{ timeout: number }>`pragma busy_timeout`.execute(db);
      expect(rows[0]?.timeout).toBe(5000);
    }
  });
});
