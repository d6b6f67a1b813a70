import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import { withStablePlan } from './stable-plan.js';

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
 * The columns are not fixed when the statement was first run: SQLite prepares a statement again
 * by itself when another connection changes the schema (a newer build migrating while this one
 * runs), and a `*` then answers more or fewer columns than before. So a row of another width
 * than the builder's makes the builder again from the statement's columns as they are now.
 * Asking the statement for its columns on every run would be exact in one more case (a `*`
 * over a table that lost one column and gained another), but costs more than the query on a
 * watch page; the server's own SQL names its columns (the committed query snapshots are checked
 * for `*`), so its column names and their order cannot change under it.
 */
function withRowBuilder(statement: SQLite.Statement): SqliteStatement {
  if (!statement.reader) return statement;
  statement.raw(true);
  let width = -1;
  let build: RowBuilder | undefined;
  const builderFor = (values: unknown[]): RowBuilder => {
    if (values.length !== width || !build) {
      const columns = statement.columns().map((c) => c.name);
      width = columns.length;
      build = rowBuilder(columns);
    }
    return build;
  };
  return {
    reader: true,
    all: (parameters) => {
      const rows = statement.all(parameters) as unknown[][];
      return rows.map((values) => builderFor(values)(values));
    },
    run: (parameters) => statement.run(parameters),
    iterate: function* (parameters) {
      for (const values of statement.iterate(parameters)) {
        yield builderFor(values as unknown[])(values as unknown[]);
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
      // Keyed by the text Kysely compiled; SQLite gets it with a plan no value can change.
      const statement = withRowBuilder(db.prepare(withStablePlan(sql)));
      cache.set(sql, statement);
      if (cache.size > max) cache.delete(cache.keys().next().value as string);
      return statement;
    },
  };
}
