import { sql, type Kysely } from 'kysely';
import { StartupError } from './startup-problems.js';

/** Backoff between attempts to reach the database: doubling from this, capped, with jitter. */
export const DATABASE_RETRY = { firstMs: 250, maxMs: 5_000 } as const;

/** Milliseconds before attempt `n + 1` (n ≥ 1): doubling, capped, a random half to whole. */
export function databaseRetryDelayMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(DATABASE_RETRY.maxMs, DATABASE_RETRY.firstMs * 2 ** (attempt - 1));
  return Math.round(ceiling * (0.5 + 0.5 * random()));
}

/**
 * Problems no amount of waiting fixes: a wrong password or user, or a database that does not
 * exist. A first start reports them at once rather than after the whole wait.
 */
export function isPermanentConnectionProblem(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '28P01' || code === '28000' || code === '3D000';
}

const reasonOf = (err: unknown) =>
  (err instanceof Error ? err.message : String(err)).split('\n')[0] || 'no answer';

export interface WaitForDatabaseOptions {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema: only `select 1` runs
  db: Kysely<any>;
  /** "PostgreSQL at db.internal:5432/vidshare": what the log lines name. */
  describe: string;
  /** Give up after this long with a StartupError; undefined: wait as long as it takes. */
  deadlineMs: number | undefined;
  log: (line: string) => void;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

/**
 * Answers once `select 1` succeeds. Until then tries again with capped backoff, logging why
 * each time. A first start gives up at `deadlineMs` (or at once on a wrong password or a
 * missing database) with a StartupError naming what failed; a process started again after the
 * server was up waits as long as it takes, since its others are serving and it will be needed.
 */
export async function waitForDatabase(options: WaitForDatabaseOptions): Promise<void> {
  const sleep = options.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
  const now = options.now ?? Date.now;
  const started = now();
  for (let attempt = 1; ; attempt += 1) {
    try {
      await sql`select 1`.execute(options.db);
      if (attempt > 1) options.log(`database reachable again (${options.describe})`);
      return;
    } catch (err) {
      const reason = reasonOf(err);
      const waited = now() - started;
      const bounded = options.deadlineMs !== undefined;
      if (bounded && isPermanentConnectionProblem(err)) {
        throw new StartupError(`Cannot use the database (${options.describe}): ${reason}`);
      }
      const remaining = bounded ? options.deadlineMs! - waited : Infinity;
      if (remaining <= 0) {
        throw new StartupError(
          `The database did not answer within ${Math.round(options.deadlineMs! / 1000)} s ` +
            `(${options.describe}): ${reason}`,
        );
      }
      // The last pause ends at the deadline, where one more attempt is made: a first start
      // waits the whole of its wait, whatever the backoff's jitter drew.
      const delay = Math.min(databaseRetryDelayMs(attempt), remaining);
      options.log(
        `waiting for the database (${options.describe}): ${reason}; ` +
          `attempt ${attempt}, trying again in ${(delay / 1000).toFixed(1)} s`,
      );
      await sleep(delay);
    }
  }
}

/** Where the database is, without credentials, for log lines. */
export function describeDatabase(config: { databaseUrl?: string; sqlitePath: string }): string {
  if (!config.databaseUrl) return `SQLite at ${config.sqlitePath}`;
  try {
    const url = new URL(config.databaseUrl);
    return `PostgreSQL at ${url.hostname || 'localhost'}:${url.port || '5432'}${url.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}
