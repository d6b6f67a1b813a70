import { PostgresAdapter, sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
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
 * True when any of `columns` of the video aliased `v` contains `q`, case-insensitively.
 * `q` is always a bound parameter; wildcards in it are literal.
 */
export function videoTextContains(
  dialect: Dialect,
  q: string,
  columns: SearchColumn[],
): RawBuilder<SqlBool> {
  const pattern = `%${escapeLike(q.toLowerCase())}%`;
  if (dialect === 'postgres') {
    // Matches the expression indexes: GIN (lower(col) gin_trgm_ops).
    const parts = columns.map((c) => sql`lower(${sql.ref(`v.${c}`)}) ilike ${pattern} escape '\\'`);
    return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
  }
  if ([...q].length >= TRIGRAM_MIN) {
    const query = `{${columns.join(' ')}} : ${ftsPhrase(q)}`;
    return sql<SqlBool>`v.id in (select video_id from videos_fts where videos_fts match ${query})`;
  }
  const parts = columns.map((c) => sql`lower(${sql.ref(`v.${c}`)}) like ${pattern} escape '\\'`);
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

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
