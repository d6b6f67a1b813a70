import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { preparedQuery } from './prepared-query.js';

interface Db {
  items: { id: string; kind: string; n: number };
}

const db = new Kysely<Db>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
afterAll(() => db.destroy());

describe('preparedQuery', () => {
  it('compiles once and binds each run’s values where its arguments stand', async () => {
    await sql`create table items (id text, kind text, n integer)`.execute(db);
    await db
      .insertInto('items')
      .values([
        { id: 'a', kind: 'fruit', n: 1 },
        { id: 'b', kind: 'fruit', n: 2 },
        { id: 'c', kind: 'tool', n: 3 },
        { id: 'd', kind: 'fruit', n: 4 },
      ])
      .execute();
    let builds = 0;
    const byKind = preparedQuery<{ kind: string; min: number; limit: number }, { id: string }>(
      db,
      (arg) => {
        builds += 1;
        return (
          db
            .selectFrom('items')
            .select('id')
            .where('kind', '=', arg('kind'))
            .where('n', '>=', arg('min'))
            // A constant between arguments keeps its own value.
            .where('id', '<>', 'b')
            .orderBy('n', 'desc')
            .limit(arg('limit'))
        );
      },
    );
    expect(await byKind({ kind: 'fruit', min: 1, limit: 10 })).toEqual([{ id: 'd' }, { id: 'a' }]);
    expect(await byKind({ kind: 'tool', min: 0, limit: 10 })).toEqual([{ id: 'c' }]);
    expect(await byKind({ kind: 'fruit', min: 2, limit: 1 })).toEqual([{ id: 'd' }]);
    expect(builds).toBe(1);
  });

  it('binds one argument used twice in both places', async () => {
    const same = preparedQuery<{ id: string }, { id: string }>(db, (arg) =>
      db
        .selectFrom('items')
        .select('id')
        .where((eb) => eb.or([eb('id', '=', arg('id')), eb('kind', '=', arg('id'))])),
    );
    expect(await same({ id: 'c' })).toEqual([{ id: 'c' }]);
    expect((await same({ id: 'fruit' })).map((r) => r.id).sort()).toEqual(['a', 'b', 'd']);
  });
});
