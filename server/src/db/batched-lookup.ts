let batchedTotal = 0;

/** Lookups of this process answered by a statement that also answered another's (metrics). */
export function batchedLookups(): number {
  return batchedTotal;
}

/**
 * Lookups by key asked in the same turn of the event loop, answered by one statement.
 *
 * On PostgreSQL a statement costs the app a round trip and the wake-up of a database process,
 * whatever it reads: on a 2-core machine about as much CPU as the page it serves. The busiest
 * lookup of all, the session of every signed-in request, reads one row by its key; a crowd asks
 * it dozens of times a millisecond, each with another key, so identical statements never meet
 * (db/shared-reads.ts). Keys asked while the process handles one batch of incoming requests
 * are gathered and read together, `key = any($1)`, once that batch is handled (`setImmediate`).
 *
 * The statement is sent after every lookup it answers was asked, so each sees everything
 * committed before it began, as a statement of its own would: a sign-out a request saw
 * answered is never undone by a lookup it makes afterwards. A batch holds at most `maxKeys`
 * keys; the next key starts another.
 */
export class BatchedLookup<R> {
  private gathering: Map<string, Waiter<R>[]> | undefined;

  constructor(
    private readonly read: (keys: string[]) => Promise<readonly R[]>,
    private readonly keyOf: (row: R) => string,
    private readonly maxKeys = 100,
  ) {}

  /** The row with this key, or undefined when the statement found none. */
  get(key: string): Promise<R | undefined> {
    let gathering = this.gathering;
    if (!gathering) {
      const started = new Map<string, Waiter<R>[]>();
      gathering = this.gathering = started;
      setImmediate(() => this.send(started));
    }
    return new Promise<R | undefined>((resolve, reject) => {
      const waiters = gathering.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else gathering.set(key, [{ resolve, reject }]);
      if (gathering.size >= this.maxKeys) this.send(gathering);
    });
  }

  private send(batch: Map<string, Waiter<R>[]>): void {
    // Sent already (full before its turn came): the waiters have their answer coming.
    if (this.gathering !== batch) return;
    this.gathering = undefined;
    let asked = 0;
    for (const waiters of batch.values()) asked += waiters.length;
    if (asked > 1) batchedTotal += asked;
    this.read([...batch.keys()]).then(
      (rows) => {
        const found = new Map<string, R>();
        for (const row of rows) found.set(this.keyOf(row), row);
        for (const [key, waiters] of batch) {
          const row = found.get(key);
          // Each lookup gets a row of its own: a caller that changes it changes no one else's.
          for (const w of waiters) w.resolve(row === undefined ? undefined : { ...row });
        }
      },
      (err: unknown) => {
        for (const waiters of batch.values()) for (const w of waiters) w.reject(err);
      },
    );
  }
}

interface Waiter<R> {
  resolve: (row: R | undefined) => void;
  reject: (err: unknown) => void;
}
