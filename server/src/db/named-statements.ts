import type pg from 'pg';

/**
 * SQL texts that PostgreSQL prepares once per connection and then runs by name: those of the
 * queries `preparedQuery` builds once, a fixed set (one per call site and shape). Sent unnamed,
 * every run is parsed and planned again, and for a list page's statement planning costs about
 * as much as running it. Named, the connection keeps the parsed statement, and after a few runs
 * a generic plan where that costs no more than planning each run (`plan_cache_mode`). Only these
 * texts are named, so a connection holds a bounded number of statements whatever else the
 * server sends. (SQLite keeps its prepared statements by text: db/statement-cache.ts.)
 */
const names = new Map<string, string>();

/** Runs `sql` as a named statement from now on; the same text always gets the same name. */
export function nameStatement(sql: string): void {
  if (!names.has(sql)) names.set(sql, `vidshare_${names.size + 1}`);
}

export function statementName(sql: string): string | undefined {
  return names.get(sql);
}

type Query = (...args: unknown[]) => unknown;

/**
 * Makes a pool client send named texts as named statements (node-postgres prepares a name once
 * per connection). Kysely calls `query(text, values)`; everything else passes through as is.
 */
export function runNamedStatements(client: pg.ClientBase): void {
  const target = client as unknown as { query: Query };
  const query = target.query.bind(client) as Query;
  target.query = (text: unknown, ...rest: unknown[]) => {
    const name = typeof text === 'string' ? names.get(text) : undefined;
    if (name === undefined) return query(text, ...rest);
    const [values, callback] = rest;
    return query({ name, text, values }, callback);
  };
}
