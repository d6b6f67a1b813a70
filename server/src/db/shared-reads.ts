import {
  SelectQueryNode,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
} from 'kysely';

/**
 * Identical reads share one statement, and never one sent before they asked.
 *
 * A crowd on one page asks the database the same question many times a millisecond (the home
 * feed's first page, a popular video's comments), and on PostgreSQL each statement costs a round
 * trip and a wake-up of a database process, more than the app's own work for the answer. So a
 * read that finds the same statement (text and values) already on its way does not send another:
 * it waits for that one to finish and then joins the next, which every read arriving meanwhile
 * joins too. The next is sent only once the one before has answered, so it is sent after every
 * read that shares it asked: each sees everything committed before it began, exactly what a
 * statement of its own would see, and a write a request saw committed is never missing from a
 * read it makes afterwards.
 *
 * Only single statements outside a transaction share (see `isSharedRead`); a transaction or a
 * read snapshot keeps its own connection. At most one statement per text and values is in
 * flight, with one more gathering the reads that wait for it.
 */
export class SharedReads {
  private readonly inFlight = new Map<string, { next?: Next }>();
  private sharedCount = 0;

  constructor(private readonly send: (query: CompiledQuery) => Promise<QueryResult<unknown>>) {}

  /** Reads answered by a statement another read sent (for the metrics). */
  get shared(): number {
    return this.sharedCount;
  }

  run<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const key = keyOf(query);
    if (key === undefined) return this.send(query) as Promise<QueryResult<R>>;
    const current = this.inFlight.get(key);
    if (!current) {
      const entry: { next?: Next } = {};
      this.inFlight.set(key, entry);
      return this.start(key, entry, query) as Promise<QueryResult<R>>;
    }
    let next = current.next;
    if (next) this.sharedCount += 1;
    else next = current.next = waiting(query);
    // Each read gets rows of its own: a caller that changes a row changes no one else's.
    return next.result.then(copyOf) as Promise<QueryResult<R>>;
  }

  private start(
    key: string,
    entry: { next?: Next },
    query: CompiledQuery,
  ): Promise<QueryResult<unknown>> {
    const sent = this.send(query);
    const after = () => {
      const next = entry.next;
      if (!next) {
        this.inFlight.delete(key);
        return;
      }
      entry.next = undefined;
      this.start(key, entry, next.query).then(next.resolve, next.reject);
    };
    sent.then(after, after);
    return sent;
  }
}

/** A statement yet to be sent, and the answer every read that waits for it will get. */
export interface Next {
  query: CompiledQuery;
  result: Promise<QueryResult<unknown>>;
  resolve: (result: QueryResult<unknown>) => void;
  reject: (err: unknown) => void;
}

export function waiting(query: CompiledQuery): Next {
  let resolve!: Next['resolve'];
  let reject!: Next['reject'];
  const result = new Promise<QueryResult<unknown>>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // Rejections reach every read through `then`; this only keeps an unwatched one quiet.
  result.catch(() => {});
  return { query, result, resolve, reject };
}

export function copyOf(result: QueryResult<unknown>): QueryResult<unknown> {
  return { ...result, rows: result.rows.map((row) => ({ ...(row as object) })) };
}

/**
 * The statement's identity: its text and values, when every value is a plain string, number,
 * boolean or null, or a list of them (`= any($1)`); anything else is sent on its own rather
 * than compared.
 */
export function keyOf(query: CompiledQuery): string | undefined {
  for (const p of query.parameters) {
    if (!plain(p) && !(Array.isArray(p) && p.every(plain))) return undefined;
  }
  return `${query.sql}\u0000${JSON.stringify(query.parameters)}`;
}

function plain(value: unknown): boolean {
  return (
    value === null ||
    typeof value === 'string' ||
    typeof value === 'number' ||
    typeof value === 'boolean'
  );
}

/**
 * A statement that may share: a select built by the query builder, with no locking clause
 * (`for update`, `for share`: its locks are its caller's) and none of whose `with` clauses
 * writes (a raw statement could be anything, and a statement that writes must run once per
 * caller).
 */
export function isSharedRead(query: CompiledQuery): boolean {
  const node = query.query;
  if (!SelectQueryNode.is(node)) return false;
  if (node.endModifiers?.length) return false;
  return (node.with?.expressions ?? []).every((cte) => SelectQueryNode.is(cte.expression));
}

/**
 * The connection Kysely gets outside a transaction or snapshot: a shareable read goes through
 * `SharedReads`, which takes a pooled connection for each statement it sends; anything else
 * (a transaction's `begin`, a write, a raw statement) takes a connection of its own and keeps
 * it, and everything after it, until Kysely gives this one back. So `db.connection()` holds a
 * pooled connection from its first statement that does not share: work that depends on the
 * session (a setting, a session lock, a temporary table) starts with a statement that does
 * not, as it must anyway.
 */
export class SharingConnection implements DatabaseConnection {
  private own: Promise<DatabaseConnection> | undefined;

  constructor(
    private readonly driver: Pick<Driver, 'acquireConnection' | 'releaseConnection'>,
    private readonly reads: Pick<SharedReads, 'run'>,
  ) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (!this.own && isSharedRead(query)) return this.reads.run<R>(query);
    return this.connection().then((c) => c.executeQuery<R>(query));
  }

  async *streamQuery<R>(
    query: CompiledQuery,
    chunkSize: number,
  ): AsyncIterableIterator<QueryResult<R>> {
    yield* (await this.connection()).streamQuery<R>(query, chunkSize);
  }

  /** The connection this one holds, taken from the pool at its first use. */
  connection(): Promise<DatabaseConnection> {
    this.own ??= this.driver.acquireConnection();
    return this.own;
  }

  /** Gives back the connection held, if any. */
  async release(): Promise<void> {
    const own = this.own;
    this.own = undefined;
    // A connection the pool never gave (its wait timed out) has nothing to give back.
    const connection = await own?.catch(() => undefined);
    if (connection) await this.driver.releaseConnection(connection);
  }
}
