import { sql, type Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DERIVED_DATA } from '../src/db/derived/derived-data.js';
import type { Database } from '../src/db/schema.js';
import { createUser, insertVideoRows, videoRow } from './helpers/factories.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Counts move on every view, like, comment and subscription, so their rows are the most
 * updated of the schema. On PostgreSQL such an update stays on its page and out of the
 * indexes (a HOT update) only when no index holds the column and the page has room for the
 * new version (migration 114); otherwise each count writes a new row version elsewhere and an
 * entry in every index of the table.
 */
const COUNTERS: readonly string[] = [
  ...DERIVED_DATA.flatMap((d) => (d.kind === 'count' ? [d.keeps] : [])),
  // Counted by VideoEngagementRepository.countView, not by a trigger.
  'videos.views',
];

let t: TestApp;
let videoId: string;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await createUser(t, { prefix: 'counted' });
  // Enough rows for several pages, so the first page is filled as far as inserts fill one.
  const base = Date.now() - 1_000_000;
  await insertVideoRows(
    t,
    Array.from({ length: 150 }, (_, i) =>
      videoRow(owner, { title: `Counted video ${i}`, created_at: base + i }),
    ),
  );
  videoId = await firstRowOfTable();
});
afterAll(async () => {
  await t?.close();
});

/** The video in the table's first slot (PostgreSQL), or its first row by rowid (SQLite). */
async function firstRowOfTable(): Promise<string> {
  const { rows } =
    t.database.dialect === 'postgres'
      ? await sql<{ id: string }>`select id from videos where ctid = '(0,1)'`.execute(t.database.db)
      : await sql<{ id: string }>`select id from videos order by rowid limit 1`.execute(
          t.database.db,
        );
  return rows[0]!.id;
}

async function updatesOf(trx: Transaction<Database>, table: string) {
  const { rows } = await sql<{ upd: number; hot: number }>`
    select n_tup_upd::int as upd, n_tup_hot_upd::int as hot
    from pg_stat_xact_user_tables where relname = ${table}`.execute(trx);
  return rows[0] ?? { upd: 0, hot: 0 };
}

/** SQLite's indexes that hold `views` so a list's page is read from the index alone. */
const SQLITE_COVERING_VIEWS = [
  'videos_card_keys',
  'videos_owner_views',
  'videos_owner_visibility_created',
  'videos_visibility_created',
];

/**
 * The table's indexes holding `column` (SQLite): as a key, or in an expression or a partial
 * index's condition (the index's own SQL names it).
 */
async function sqliteIndexesHolding(table: string, column: string): Promise<string[]> {
  const { rows: indexes } = await sql<{ name: string; text: string | null }>`
    select l.name as name, m.sql as text
    from pragma_index_list(${table}) l left join sqlite_master m on m.name = l.name`.execute(
    t.database.db,
  );
  const word = new RegExp(`\\b${column}\\b`);
  const names: string[] = [];
  for (const { name, text } of indexes) {
    const { rows: columns } = await sql<{ name: string | null }>`
      select name from pragma_index_xinfo(${name}) where key = 1`.execute(t.database.db);
    if (columns.some((c) => c.name === column) || word.test(text ?? '')) names.push(name);
  }
  return names.sort();
}

/** The same on PostgreSQL, expressions and partial indexes' predicates included. */
async function postgresIndexesHolding(table: string, column: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select i.relname as name
    from pg_index x join pg_class i on i.oid = x.indexrelid
    where x.indrelid = ${table}::regclass
      and (exists (select 1 from pg_attribute a
             where a.attrelid = x.indrelid and a.attnum = any(x.indkey) and a.attname = ${column})
        or coalesce(pg_get_expr(x.indexprs, x.indrelid), '') ~ ${`\\m${column}\\M`}
        or coalesce(pg_get_expr(x.indpred, x.indrelid), '') ~ ${`\\m${column}\\M`})`.execute(
    t.database.db,
  );
  return rows.map((r) => r.name).sort();
}

describe('kept counts', () => {
  it('are the columns the declaration names, and each of them exists', async () => {
    expect(COUNTERS).toEqual(
      expect.arrayContaining([
        'videos.likes_count',
        'videos.comments_count',
        'videos.views',
        'users.subscribers_count',
      ]),
    );
    for (const counter of COUNTERS) {
      const [table, column] = counter.split('.') as [keyof Database & string, string];
      const read = await sql`select ${sql.ref(column)} from ${sql.table(table)} limit 1`
        .execute(t.database.db)
        .then(() => 'ok');
      expect(read, counter).toBe('ok');
    }
  });

  it("are in no index but the covering ones SQLite's lists read, and tables leave room on PostgreSQL", async () => {
    const tables = [...new Set(COUNTERS.map((c) => c.split('.')[0]!))];
    if (t.database.dialect === 'sqlite') {
      // SQLite rewrites a row where it is, and a list's page comes from one index alone when
      // that index holds the view count beside the card version (migration 113): these are
      // the indexes a counted view rewrites an entry of, and adding one is a decision, not an
      // accident. No other kept count is in an index.
      for (const counter of COUNTERS) {
        const [table, column] = counter.split('.') as [string, string];
        expect(await sqliteIndexesHolding(table, column), `indexes holding ${counter}`).toEqual(
          counter === 'videos.views' ? SQLITE_COVERING_VIEWS : [],
        );
      }
      return;
    }
    for (const counter of COUNTERS) {
      const [table, column] = counter.split('.') as [string, string];
      expect(await postgresIndexesHolding(table, column), `indexes holding ${counter}`).toEqual([]);
    }
    const { rows } = await sql<{ table: string; fillfactor: number | null }>`
      select c.relname as table,
        (select split_part(o, '=', 2)::int from unnest(c.reloptions) o
          where o like 'fillfactor=%') as fillfactor
      from pg_class c where c.relname = any(${tables}) and c.relkind = 'r'
      order by c.relname`.execute(t.database.db);
    expect(rows.map((r) => r.table)).toEqual([...tables].sort());
    for (const r of rows) {
      expect(r.fillfactor, `fillfactor of ${r.table}`).not.toBeNull();
      expect(r.fillfactor!, `fillfactor of ${r.table}`).toBeLessThanOrEqual(90);
    }
  });

  it("update a video's row in place, even on a page filled by inserts", async () => {
    const counters = COUNTERS.filter((c) => c.startsWith('videos.')).map((c) => c.split('.')[1]!);
    await t.database.db
      .transaction()
      .execute(async (trx) => {
        if (t.database.dialect === 'postgres') {
          const { rows: pages } = await sql<{ n: number }>`
            select count(distinct (ctid::text::point)[0])::int as n from videos`.execute(trx);
          // The first page is as full as inserts leave one: later rows went to other pages.
          expect(pages[0]!.n).toBeGreaterThan(1);
        }
        for (const column of counters) {
          const before = t.database.dialect === 'postgres' ? await updatesOf(trx, 'videos') : null;
          const where = await placeOf(trx);
          await sql`update videos set ${sql.ref(column)} = ${sql.ref(column)} + 1
            where id = ${videoId}`.execute(trx);
          const { rows } = await sql<{ n: number }>`
            select ${sql.ref(column)} as n from videos where id = ${videoId}`.execute(trx);
          expect(Number(rows[0]!.n), column).toBe(1);
          if (before) {
            const after = await updatesOf(trx, 'videos');
            expect(after.upd - before.upd, column).toBeGreaterThan(0);
            // Every update of the table this one made (triggers' included) stayed on its page.
            expect(after.hot - before.hot, `in-place updates of ${column}`).toBe(
              after.upd - before.upd,
            );
          } else {
            expect(await placeOf(trx), column).toBe(where);
          }
        }
        throw new RolledBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RolledBack)) throw error;
      });
  });
});

class RolledBack extends Error {}

/** SQLite: the row's rowid, which an update in place keeps. */
async function placeOf(trx: Transaction<Database>): Promise<string> {
  if (t.database.dialect === 'postgres') return '';
  const { rows } = await sql<{ place: number }>`
    select rowid as place from videos where id = ${videoId}`.execute(trx);
  return String(rows[0]!.place);
}
