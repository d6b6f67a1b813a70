import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './database.js';
import { loadMigration } from './migration-files.js';
import { asMigration } from './migration-names.js';

/**
 * Migrations are the files of db/migrations; nothing lists them by hand. These tests fail,
 * naming the file, when one sits there that the runner would not run. migrate.ts is imported
 * inside the tests so that a misnamed file fails them with its message, not the whole file.
 */
const folder = fileURLToPath(new URL('./migrations/', import.meta.url));
const files = readdirSync(folder).filter((f) => !f.startsWith('.') && !f.endsWith('.test.ts'));
const migrate = () => import('./migrate.js');

describe('the migrations folder', () => {
  it('is what the runner runs: every file, by name, in order of name', async () => {
    const { KNOWN_MIGRATIONS } = await migrate();
    const notRun = files.filter((f) => !KNOWN_MIGRATIONS.includes(f.replace(/\.ts$/, '')));
    expect(notRun.map((f) => `server/src/db/migrations/${f} is in the folder but not run`)).toEqual(
      [],
    );
    expect(KNOWN_MIGRATIONS).toEqual([...KNOWN_MIGRATIONS].sort());
    expect(KNOWN_MIGRATIONS.length).toBe(files.length);
  });

  it('holds modules that each export up(db)', async () => {
    const { KNOWN_MIGRATIONS } = await migrate();
    for (const name of KNOWN_MIGRATIONS) {
      expect(asMigration(name, await loadMigration(name)).up).toBeTypeOf('function');
    }
  });
});

describe('the runner', () => {
  let handle: DatabaseHandle;
  beforeEach(() => {
    handle = openDatabase({ sqlitePath: ':memory:' });
  });
  afterEach(() => handle.close());

  it('runs every migration of the folder on a new database, in order of name', async () => {
    const { appliedMigrations, KNOWN_MIGRATIONS, migrateToLatest, pendingMigrations } =
      await migrate();
    expect(await appliedMigrations(handle.db)).toEqual([]);
    expect(await pendingMigrations(handle.db)).toEqual(KNOWN_MIGRATIONS);
    await migrateToLatest(handle.db);
    expect(await pendingMigrations(handle.db)).toEqual([]);
    expect(await appliedMigrations(handle.db)).toEqual(KNOWN_MIGRATIONS);
  });

  it('runs up to a named migration, and refuses a name that has no file', async () => {
    const { appliedMigrations, KNOWN_MIGRATIONS, migrateTo } = await migrate();
    await migrateTo(handle.db, '007-read-paths');
    expect(await appliedMigrations(handle.db)).toEqual(
      KNOWN_MIGRATIONS.slice(0, KNOWN_MIGRATIONS.indexOf('007-read-paths') + 1),
    );
    await expect(migrateTo(handle.db, '007-reed-paths')).rejects.toThrow(
      'No migration named 007-reed-paths: there is no server/src/db/migrations/007-reed-paths.ts',
    );
  });
});
