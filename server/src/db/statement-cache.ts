import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

interface StatementSource {
  prepare(sql: string): SQLite.Statement;
  close(): unknown;
}
type RowBuilder = (values: unknown[]) => Record<string, unknown>;

/**
 * A function that turns one row's values, in column order, into the row object. better-sqlite3
 * builds row objects in native code a property at a time, which on list pages cost more than
 * SQLite's own work; an object literal with the column names as keys is built by V8 in one
 * step with one shape for every row. Later duplicates win, as in better-sqlite3's own objects.
 * The names come from the server's own SQL and are written as JSON string literals.
 */
export function rowBuilder(columns: readonly string[]): RowBuilder {
  // `"__proto__": x` in a literal would set the prototype; a computed key makes it a field.
  const key = (name: string) =>
    name === '__proto__' ? `[${JSON.stringify(name)}]` : JSON.stringify(name);
  const fields = columns.map((name, i) => `${key(name)}: values[${i}]`);
  return new Function('values', `return { ${fields.join(', ')} };`) as RowBuilder;
}

/**
 * Reading statements hand back plain values, made into objects by a builder for their columns.
 * The columns are read from the statement after every run, not fixed when it was prepared:
 * SQLite prepares a statement again by itself when another connection changes the schema
 * (a newer build migrating while this one runs), and a `*` or a changed view then answers
 * other columns than the first run did. The builder is made again only when they change.
 */
function withRowBuilder(statement: SQLite.Statement): SqliteStatement {
  if (!statement.reader) return statement;
  statement.raw(true);
  let names: string | undefined;
  let build: RowBuilder | undefined;
  const builderNow = (): RowBuilder => {
    const columns = statement.columns().map((c) => c.name);
    const key = columns.join('\u0000');
    if (key !== names || !build) {
      names = key;
      build = rowBuilder(columns);
    }
    return build;
  };
  return {
    reader: true,
    all: (parameters) => {
      const rows = statement.all(parameters) as unknown[][];
      const builder = builderNow();
      return rows.map(builder);
    },
    run: (parameters) => statement.run(parameters),
    iterate: function* (parameters) {
      let builder: RowBuilder | undefined;
      for (const values of statement.iterate(parameters)) {
        // Read after the first step, which is when SQLite prepares a stale statement again.
        builder ??= builderNow();
        yield builder(values as unknown[]);
      }
    },
  };
}

/**
 * Kysely prepares every query afresh, and on SQLite preparing costs as much as running an
 * indexed lookup. better-sqlite3 statements can be run again with new parameters, so the most
 * recently used ones are kept, keyed by their SQL text. Safe because nothing here streams
 * results: a statement is never still iterating when the same SQL runs again.
 */
export function withStatementCache(db: StatementSource, max = 500): SqliteDatabase {
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
      const statement = withRowBuilder(db.prepare(sql));
      cache.set(sql, statement);
      if (cache.size > max) cache.delete(cache.keys().next().value as string);
      return statement;
    },
  };
}
