import {
  PostgresAdapter,
  sql,
  type Kysely,
  type QueryExecutorProvider,
  type RawBuilder,
  type SqlBool,
} from 'kysely';
import type { Dialect } from './database.js';

/**
 * The only SQL that differs between SQLite and PostgreSQL, or whose sameness needs a reason:
 * substring search over video titles and hashtags, and UTC day bucketing of epoch-ms times.
 * Everything else is written once in the repositories.
 */

export function dialectOf(db: Kysely<unknown>): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** Makes `%`, `_` and the escape character literal inside a LIKE pattern (ESCAPE '\'). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A quoted FTS5 phrase: inside double quotes only a double quote is special. */
export function ftsPhrase(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

// The trigram tokenizer needs at least three characters to use its index.
const TRIGRAM_MIN = 3;

export type SearchColumn = 'title' | 'hashtag';

/**
 * The FTS5 query that finds `q` in `columns` of SQLite's trigram index of public videos, or
 * undefined when that index cannot answer (PostgreSQL, or fewer than three characters) and
 * the caller scans with `videoTextContains` instead.
 */
export function searchIndexQuery(
  dialect: Dialect,
  q: string,
  columns: SearchColumn[],
): string | undefined {
  if (dialect !== 'sqlite' || [...q].length < TRIGRAM_MIN) return undefined;
  return `{${columns.join(' ')}} : ${ftsPhrase(q)}`;
}

/**
 * True when any of `columns` of the video aliased `v` contains `q`, case-insensitively.
 * `q` is always a bound parameter; wildcards in it are literal. On PostgreSQL the trigram
 * expression indexes answer it; on SQLite it is a scan, used only below three characters.
 */
export function videoTextContains(
  dialect: Dialect,
  q: string,
  columns: SearchColumn[],
  alias = 'v',
): RawBuilder<SqlBool> {
  const pattern = lowerPattern(dialect, `%${escapeLike(q.toLowerCase())}%`);
  const parts = columns.map(
    (c) => sql`lower(${sql.ref(`${alias}.${c}`)}) like ${pattern} escape '\\'`,
  );
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

/**
 * How well the title of the video aliased `v` matches `q`, best first: 0 when it starts with
 * it, 1 when a word of it does, 2 when it contains it anywhere, 3 when only the hashtag does.
 * Plain LIKE on both dialects, so both rank alike; it runs on a bounded set of matches only.
 */
export function titleRelevance(dialect: Dialect, q: string): RawBuilder<number> {
  const text = escapeLike(q.toLowerCase());
  const title = sql`lower(v.title)`;
  const like = (pattern: string) =>
    sql`${title} like ${lowerPattern(dialect, pattern)} escape '\\'`;
  return sql<number>`case when ${like(`${text}%`)} then 0 when ${like(`% ${text}%`)} then 1
    when ${like(`%${text}%`)} then 2 else 3 end`;
}

/**
 * A LIKE pattern lowered as the database lowers text, to compare with a lowered column. On
 * PostgreSQL `lower(col) like lower($1)` matches what `ilike` would (it lowers both sides
 * the same way), at about half the cost per row: ILIKE folds the case of every row's text
 * again while it matches. SQLite's LIKE already ignores ASCII case.
 */
function lowerPattern(dialect: Dialect, pattern: string): RawBuilder<string> {
  return dialect === 'postgres' ? sql<string>`lower(${pattern})` : sql<string>`${pattern}`;
}

/** Migration 003's search index; migration 007 replaces the SQLite side. */
export async function createVideoSearchIndex(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index videos_title_trgm on videos using gin (lower(title) gin_trgm_ops)`.execute(
      db,
    );
    await sql`create index videos_hashtag_trgm on videos using gin (lower(hashtag) gin_trgm_ops)`.execute(
      db,
    );
    return;
  }
  // A standalone FTS table keyed by the video id: external-content tables key on rowid,
  // which VACUUM may renumber for a table with a text primary key.
  await sql`create virtual table videos_fts using fts5(video_id unindexed, title, hashtag, tokenize = 'trigram')`.execute(
    db,
  );
  await sql`create trigger videos_fts_insert after insert on videos begin
    insert into videos_fts (video_id, title, hashtag) values (new.id, new.title, new.hashtag);
  end`.execute(db);
  await sql`create trigger videos_fts_delete after delete on videos begin
    delete from videos_fts where video_id = old.id;
  end`.execute(db);
  await sql`create trigger videos_fts_update after update of title, hashtag on videos begin
    delete from videos_fts where video_id = old.id;
    insert into videos_fts (video_id, title, hashtag) values (new.id, new.title, new.hashtag);
  end`.execute(db);
  await sql`insert into videos_fts (video_id, title, hashtag) select id, title, hashtag from videos`.execute(
    db,
  );
}

export const DAY_MS = 86_400_000;

/**
 * The UTC day number (`floor(ms / 86400000)`) of an epoch-millisecond column. Both dialects
 * divide integers by truncating, which is the floor for times after 1970; the cast also covers
 * a value SQLite happens to hold as a real.
 */
export function utcDayOf(column: string): RawBuilder<number> {
  return sql<number>`cast(${sql.ref(column)} / ${sql.lit(DAY_MS)} as integer)`;
}

/**
 * PostgreSQL: locks a video row for the rest of the transaction, as an update of it would.
 * Transactions that change a video's likes take this lock before touching them, so they lock
 * in the same order as a visibility change (the video, then its likes through a trigger) and
 * cannot deadlock with it. SQLite needs nothing: a write transaction holds the whole database.
 */
export async function lockVideoRow(trx: QueryExecutorProvider, videoId: string): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`select 1 from videos where id = ${videoId} for no key update`.execute(trx);
}

/**
 * PostgreSQL: locks the row of the video a comment is on, as `lockVideoRow` does. Every
 * transaction that writes comments or their likes takes it first (a new comment or reply
 * through `lockVideoRow`), so a like or a reply cannot land on a comment a concurrent delete is
 * removing (it would point at nothing), and all of them lock in one order: the account, the
 * video, then likes and comments, whose triggers move the video's counts and comment version.
 * Taking the comment first (an insert's share of its parent, an update) and the video through
 * a trigger after deadlocks with a delete. SQLite needs nothing.
 */
export async function lockVideoOfComment(
  trx: QueryExecutorProvider,
  commentId: string,
): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`select 1 from videos where id = (select video_id from comments where id = ${commentId}) for no key update`.execute(
    trx,
  );
}

/**
 * A PostgreSQL `text[]` parameter whose length no plan is priced by. A named statement is
 * planned afresh for its first five runs and then kept as one generic plan only if that plan is
 * priced no higher than the fresh ones were. Handed the array itself, the planner prices each
 * fresh plan for the array's real length (one session, one watch read) and the generic plan for
 * ten elements, so a statement asked with a key or two was planned again on every run, a third
 * of the cost of a session lookup. Read through a sub-select, the array is ten elements to every plan,
 * and the generic plan is kept (`list-plans.api.test.ts`).
 */
export function textArrayParam(value: unknown): RawBuilder<string[]> {
  return sql<string[]>`((select ${value}::text[])::text[])`;
}
