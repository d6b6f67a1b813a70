import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * Kysely prepares every query afresh, and on SQLite preparing costs as much as running an
 * indexed lookup. better-sqlite3 statements can be run again with new parameters, so the most
 * recently used ones are kept, keyed by their SQL text. Safe because nothing here streams
 * results: a statement is never still iterating when the same SQL runs again.
 */
export function withStatementCache(db: SqliteDatabase, max = 500): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => db.close(),
    prepare(sql: string): SqliteStatement {
      const hit = cache.get(sql);
      if (hit) {
        // Map order is insertion order: re-inserting marks it as the most recently used.
        cache.delete(sql);
        cache.set(sql, hit);
        return hit;
      }
      const statement = db.prepare(sql);
      cache.set(sql, statement);
      if (cache.size > max) cache.delete(cache.keys().next().value as string);
      return statement;
    },
  };
}
