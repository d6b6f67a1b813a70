import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/database.js';
import { statementName } from '../src/db/named-statements.js';
import { preparedQuery } from '../src/db/prepared-query.js';
import { freshDatabase } from './helpers/test-app.js';

/**
 * A query `preparedQuery` builds once is also prepared once by the database: on PostgreSQL it
 * runs as a named statement that the connection keeps, and any other query passes as it is.
 */
let dataDir: string;
let fresh: Awaited<ReturnType<typeof freshDatabase>>;
let handle: DatabaseHandle;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'vidshare-named-'));
  // One connection, so the statements it holds are those this test ran.
  fresh = await freshDatabase(dataDir, { poolSize: 1 });
  handle = fresh.handle;
  await sql`create table named_items (id integer primary key, label text not null)`.execute(
    handle.db,
  );
  await sql`insert into named_items (id, label) values (1, 'one'), (2, 'two'), (3, 'three')`.execute(
    handle.db,
  );
});
afterAll(async () => {
  await handle.close();
  await fresh.drop();
  await rm(dataDir, { recursive: true, force: true });
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a table of this test's own
const anyDb = () => handle.db as unknown as Kysely<any>;

/** The statements the one connection holds prepared, by text (PostgreSQL). */
async function preparedOnConnection(): Promise<Map<string, string>> {
  const { rows } = await sql<{ name: string; statement: string }>`
    select name, statement from pg_prepared_statements`.execute(anyDb());
  return new Map(rows.map((r) => [r.statement, r.name]));
}

describe('named statements', () => {
  it('prepares a built-once query once and runs it again by name with new values', async () => {
    const label = preparedQuery<{ id: number }, { label: string }>(anyDb(), (arg) =>
      anyDb().selectFrom('named_items').select('label').where('id', '=', arg('id')),
    );
    expect(await label({ id: 1 })).toEqual([{ label: 'one' }]);
    expect(await label({ id: 3 })).toEqual([{ label: 'three' }]);
    expect(await label({ id: 9 })).toEqual([]);

    const text = anyDb()
      .selectFrom('named_items')
      .select('label')
      .where('id', '=', 0)
      .compile().sql;
    const name = statementName(text);
    expect(name).toMatch(/^vidshare_\d+$/);
    if (handle.dialect === 'postgres') {
      const held = await preparedOnConnection();
      expect(held.get(text)).toBe(name);
      // Nothing built for one run is kept: the connection holds only the named texts.
      await anyDb().selectFrom('named_items').select('id').where('label', '=', 'two').execute();
      const after = await preparedOnConnection();
      expect([...after.values()].every((n) => /^vidshare_\d+$/.test(n))).toBe(true);
      expect(after.size).toBe(held.size);
    }
  });

  it('gives a second query its own name, and the first keeps answering', async () => {
    const first = preparedQuery<{ id: number }, { label: string }>(anyDb(), (arg) =>
      anyDb().selectFrom('named_items').select('label').where('id', '=', arg('id')),
    );
    const second = preparedQuery<{ min: number }, { n: number }>(anyDb(), (arg) =>
      anyDb()
        .selectFrom('named_items')
        .select(sql<number>`count(*)`.as('n'))
        .where('id', '>=', arg('min')),
    );
    expect((await second({ min: 2 })).map((r) => Number(r.n))).toEqual([2]);
    expect(await first({ id: 2 })).toEqual([{ label: 'two' }]);
    expect((await second({ min: 1 })).map((r) => Number(r.n))).toEqual([3]);
    const names = [
      anyDb().selectFrom('named_items').select('label').where('id', '=', 0).compile().sql,
      anyDb()
        .selectFrom('named_items')
        .select(sql<number>`count(*)`.as('n'))
        .where('id', '>=', 0)
        .compile().sql,
    ].map(statementName);
    expect(new Set(names).size).toBe(2);
    if (handle.dialect === 'postgres') {
      expect((await preparedOnConnection()).size).toBe(2);
    }
  });
});
