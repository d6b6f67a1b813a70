import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { isDatabaseBusy, openDatabase, SQLITE_CACHE_KIB, type DatabaseHandle } from './database.js';

describe('openDatabase on SQLite', () => {
  const cleanup: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  function open(): { handle: DatabaseHandle; file: string } {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vidshare-db-'));
    const file = path.join(dir, 'test.sqlite');
    const handle = openDatabase({ sqlitePath: file });
    cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    cleanup.push(() => handle.close());
    return { handle, file };
  }

  it('holds the write lock for the whole of a transaction, from its first statement', async () => {
    const { handle, file } = open();
    await sql`create table t (n integer)`.execute(handle.db);
    // Another process's connection, refusing at once instead of waiting for the lock.
    const other = new SQLite(file);
    other.pragma('busy_timeout = 0');
    cleanup.push(() => {
      other.close();
    });

    await handle.db.transaction().execute(async (trx) => {
      await sql`select count(*) as n from t`.execute(trx);
      // With a plain `begin` this write would get in, and the transaction's own write below
      // would then fail with SQLITE_BUSY half-way through.
      expect(() => other.prepare('insert into t values (1)').run()).toThrow(/locked|busy/i);
      await sql`insert into t values (2)`.execute(trx);
    });

    other.prepare('insert into t values (3)').run();
    const rows = await sql<{ n: number }>`select n from t order by n`.execute(handle.db);
    expect(rows.rows.map((r) => r.n)).toEqual([2, 3]);
  });

  it('keeps a private page cache of SQLite’s default size, not the driver’s 16 MB', async () => {
    const { handle } = open();
    const { rows } = await sql<{ cache_size: number }>`pragma cache_size`.execute(handle.db);
    expect(rows[0]!.cache_size).toBe(-SQLITE_CACHE_KIB);
    expect(SQLITE_CACHE_KIB).toBeLessThanOrEqual(4000);
  });

  it('answers reads with plain row objects', async () => {
    const { handle } = open();
    const result = await sql<{
      a: number;
      b: string;
    }>`select 1 as a, 'x' as b union all select 2, 'y'`.execute(handle.db);
    expect(result.rows).toEqual([
      { a: 1, b: 'x' },
      { a: 2, b: 'y' },
    ]);
  });
});

describe('isDatabaseBusy', () => {
  it('recognises a full pool, a full server and a held lock, and nothing else', () => {
    expect(isDatabaseBusy(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseBusy(new Error('Connection terminated due to connection timeout'))).toBe(true);
    expect(
      isDatabaseBusy(
        Object.assign(new Error('sorry, too many clients already'), { code: '53300' }),
      ),
    ).toBe(true);
    expect(
      isDatabaseBusy(
        Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
      ),
    ).toBe(true);
    expect(
      isDatabaseBusy(Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' })),
    ).toBe(true);
    expect(isDatabaseBusy(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(
      false,
    );
    expect(isDatabaseBusy(new Error('syntax error'))).toBe(false);
    expect(isDatabaseBusy(undefined)).toBe(false);
  });
});
