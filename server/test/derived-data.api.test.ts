import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve as resolvePath } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/database.js';
import { applyDerivedData } from '../src/db/derived/apply.js';
import { DERIVED_DATA, type DerivedEntry } from '../src/db/derived/derived-data.js';
import { derivedHash, derivedSql, derivedTriggers } from '../src/db/derived/generate.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { freshDatabase } from './helpers/test-app.js';
import { commandEnv } from './helpers/processes.js';

/**
 * The step after the migrations that makes the database's triggers those the declaration of
 * derived data generates: replaced when the declaration changes, left alone when it does not,
 * once when several processes start together.
 */
const ROOT = resolvePath(import.meta.dirname, '..', '..');
let dataDir: string;
let fresh: Awaited<ReturnType<typeof freshDatabase>>;
let handle: DatabaseHandle;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'vidshare-derived-'));
  fresh = await freshDatabase(dataDir);
  handle = fresh.handle;
  await migrateToLatest(handle.db);
});
afterAll(async () => {
  await handle.close();
  await fresh.drop();
  await rm(dataDir, { recursive: true, force: true });
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- catalog queries
const anyDb = (h: DatabaseHandle) => h.db as unknown as Kysely<any>;

/** Names of the database's triggers and, on PostgreSQL, of its trigger functions. */
async function triggersInDatabase(): Promise<{ triggers: string[]; functions: string[] }> {
  if (handle.dialect === 'sqlite') {
    const { rows } = await sql<{ name: string }>`
      select name from sqlite_master where type = 'trigger' order by name`.execute(anyDb(handle));
    return { triggers: rows.map((r) => r.name), functions: [] };
  }
  const triggers = await sql<{ name: string }>`
    select t.tgname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
      join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and not t.tgisinternal order by 1`.execute(anyDb(handle));
  const functions = await sql<{ name: string }>`
    select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = current_schema() and p.prorettype = 'trigger'::regtype
    order by 1`.execute(anyDb(handle));
  return {
    triggers: triggers.rows.map((r) => r.name),
    functions: functions.rows.map((r) => r.name),
  };
}

/** What the declaration `entries` makes in this database's dialect. */
function generated(entries: readonly DerivedEntry[] = DERIVED_DATA) {
  const names = derivedTriggers(entries)
    .filter((t) => t.only === undefined || t.only === handle.dialect)
    .map((t) => t.name)
    .sort();
  return {
    triggers: names,
    functions: handle.dialect === 'postgres' ? names : [],
    hash: derivedHash(handle.dialect, derivedSql(handle.dialect, entries)),
  };
}

async function storedHash(): Promise<string> {
  const { rows } = await sql<{ hash: string }>`
    select hash from derived_data_state where id = 1`.execute(anyDb(handle));
  return rows[0]!.hash;
}

/** A server process starting on the test's database: migrations, then the derived-data step. */
function migrateInProcess(): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'server/test/helpers/migrate-process.ts'],
      {
        cwd: ROOT,
        stdio: ['ignore', 'ignore', 'pipe'],
        env: commandEnv({
          DATA_DIR: dataDir,
          ...(fresh.databaseUrl ? { DATABASE_URL: fresh.databaseUrl } : {}),
        }),
      },
    );
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stderr }));
  });
}

/** The declaration without trending's view hours: a change to it, as an edit would make. */
const WITHOUT_VIEW_HOURS = DERIVED_DATA.filter(
  (e) => !(e.kind === 'rule' && e.keeps === 'video_view_hours.views'),
);

describe('the derived-data step', () => {
  it('leaves the database with exactly the generated triggers, and their hash', async () => {
    const { hash, ...expected } = generated();
    expect(await triggersInDatabase()).toEqual(expected);
    expect(await storedHash()).toBe(hash);
  });

  it('does nothing when the declaration is unchanged', async () => {
    await sql`drop trigger video_views_hours${
      handle.dialect === 'postgres' ? sql` on video_views` : sql``
    }`.execute(anyDb(handle));
    expect(await applyDerivedData(anyDb(handle))).toBe(false);
    await migrateToLatest(handle.db);
    expect((await triggersInDatabase()).triggers).not.toContain('video_views_hours');

    // Migrations that ran replace them all the same (a table they rebuild loses its triggers).
    expect(await applyDerivedData(anyDb(handle), { always: true })).toBe(true);
    expect((await triggersInDatabase()).triggers).toContain('video_views_hours');
  });

  it('re-creates the triggers when the declaration changes, and only then', async () => {
    expect(await applyDerivedData(anyDb(handle), { entries: WITHOUT_VIEW_HOURS })).toBe(true);
    const { hash, ...expected } = generated(WITHOUT_VIEW_HOURS);
    expect(await triggersInDatabase()).toEqual(expected);
    expect(expected.triggers).not.toContain('video_views_hours');
    expect(await storedHash()).toBe(hash);
    expect(await applyDerivedData(anyDb(handle), { entries: WITHOUT_VIEW_HOURS })).toBe(false);

    // And back, as the next start with the full declaration does.
    await migrateToLatest(handle.db);
    const { hash: full, ...all } = generated();
    expect(await triggersInDatabase()).toEqual(all);
    expect(await storedHash()).toBe(full);
  });

  it('replaces them in one of several processes starting together after a change', async () => {
    // As after a build whose declaration differs: the recorded hash is not the generated one.
    await applyDerivedData(anyDb(handle), { entries: WITHOUT_VIEW_HOURS });
    const runs = await Promise.all(Array.from({ length: 3 }, () => migrateInProcess()));
    for (const run of runs) expect(run, run.stderr).toMatchObject({ code: 0 });
    const { hash, ...expected } = generated();
    expect(await triggersInDatabase()).toEqual(expected);
    expect(await storedHash()).toBe(hash);
  }, 120_000);
});
