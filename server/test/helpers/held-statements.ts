import { CompiledQuery, type QueryResult } from 'kysely';

/** A statement sent by a reads wrapper under test (db/shared-reads.ts, db/gathered-reads.ts). */
export interface HeldStatement {
  query: CompiledQuery;
  answer: (rows: object[]) => void;
  fail: (err: Error) => void;
}

/** A statement runner that holds each statement until the test answers it or fails it. */
export function heldStatements() {
  const sent: HeldStatement[] = [];
  const run = (query: CompiledQuery) =>
    new Promise<QueryResult<unknown>>((resolve, reject) => {
      sent.push({ query, answer: (rows) => resolve({ rows }), fail: reject });
    });
  return { sent, run };
}

/** `sql` compiled as a read, a new object each time (as each request compiles its own). */
export const compiledRead = (sql: string, parameters: unknown[] = []): CompiledQuery =>
  ({ ...CompiledQuery.raw(sql, parameters) }) as CompiledQuery;

/** The end of the event loop's turn: settled promises have run their callbacks. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
