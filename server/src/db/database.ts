import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { createRequire } from 'node:module';
import type pg from 'pg';
import { batchedLookups } from './batched-lookup.js';
import { runNamedStatements } from './named-statements.js';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type DialectAdapter,
  type Driver,
  type LogEvent,
  type Dialect as KyselyDialect,
  type QueryCompiler,
  type SqliteDialectConfig,
} from 'kysely';
import {
  POSTGRES_READ_BEGIN,
  SQLITE_READ_BEGIN,
  SnapshotDriver,
  SnapshotSqliteAdapter,
  type ReadSnapshot,
} from './read-snapshot.js';
import type { Database } from './schema.js';
import { withStatementCache } from './statement-cache.js';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Runs reads on one consistent snapshot of the database (see ReadSnapshot). */
  snapshot: ReadSnapshot;
  /** Refreshes the query planner's statistics where they are missing or stale. */
  optimize(): Promise<void>;
  /** Connections of the PostgreSQL pool; undefined on SQLite, which has one connection. */
  poolStats(): PoolStats | undefined;
  /**
   * Reads answered by an identical statement another read also got: in flight on PostgreSQL
   * (db/shared-reads.ts), gathered in one turn on SQLite (db/gathered-reads.ts).
   */
  sharedReads(): number;
  close(): Promise<void>;
}

/** The PostgreSQL driver, loaded only when a server uses PostgreSQL (SQLite ones never do). */
export function loadPg(): typeof pg {
  const driver = createRequire(import.meta.url)('pg') as typeof pg;
  // int8 (COUNT, SUM, bigint columns) arrives as a string by default; our values fit a double.
  driver.types.setTypeParser(driver.types.builtins.INT8, (v) => Number(v));
  driver.types.setTypeParser(driver.types.builtins.NUMERIC, (v) => Number(v));
  return driver;
}

/**
 * Transactions begin with SQLite's write lock (`begin immediate`). Every transaction here
 * writes, and with several server processes a plain `begin` would read first and then fail
 * with SQLITE_BUSY when another process wrote in between; taking the lock up front makes
 * writers queue (up to busy_timeout) instead.
 */
class ImmediateTransactionDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/** A dialect whose driver can hold one connection for a read snapshot. */
class SnapshotDialect implements KyselyDialect {
  readonly driver: SnapshotDriver;

  constructor(
    private readonly inner: KyselyDialect,
    innerDriver: Driver,
    private readonly kind: Dialect,
  ) {
    this.driver =
      kind === 'sqlite'
        ? new SnapshotDriver(innerDriver, SQLITE_READ_BEGIN, true)
        : new SnapshotDriver(innerDriver, POSTGRES_READ_BEGIN, false);
  }

  createDriver(): Driver {
    return this.driver;
  }

  createQueryCompiler(): QueryCompiler {
    return this.inner.createQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return this.kind === 'sqlite' ? new SnapshotSqliteAdapter() : this.inner.createAdapter();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return this.inner.createIntrospector(db);
  }
}

function sqliteDialect(config: SqliteDialectConfig): SnapshotDialect {
  return new SnapshotDialect(
    new SqliteDialect(config),
    new ImmediateTransactionDriver(config),
    'sqlite',
  );
}

export interface PoolStats {
  /** The most connections this process opens. */
  max: number;
  /** Connections open now (in use and idle). */
  total: number;
  idle: number;
  /** Queries queued for a connection. */
  waiting: number;
  /** Lookups answered by a statement that also answered another's (db/batched-lookup.ts). */
  batchedLookups: number;
}

export function openDatabase(opts: {
  databaseUrl?: string;
  sqlitePath: string;
  onIdleError?: (err: Error) => void;
  /** PostgreSQL connections this process may hold (10 when unset). */
  poolSize?: number;
  /** Longest wait for a connection or the write lock before failing (5 s when unset). */
  timeoutMs?: number;
  /**
   * Hears each statement's SQL and parameters once it has run or failed (for the committed
   * query snapshots, and tests that check what a request reads).
   */
  onQuery?: (sql: string, parameters: readonly unknown[]) => void;
}): DatabaseHandle {
  const timeoutMs = opts.timeoutMs ?? 5000;
  const onQuery = opts.onQuery;
  const log = onQuery
    ? { log: (event: LogEvent) => onQuery(event.query.sql, event.query.parameters) }
    : {};
  if (opts.databaseUrl) {
    const max = opts.poolSize ?? 10;
    const pool = new (loadPg().Pool)({
      connectionString: opts.databaseUrl,
      max,
      // Without it a request waits for a free connection for ever; with it, the wait ends in
      // an error the app answers 503 (see isDatabaseBusy).
      connectionTimeoutMillis: timeoutMs,
    });
    // An idle connection can be cut by the server (restart, failover, admin). The pool drops it
    // and opens a new one on demand; without a listener the 'error' event would crash the process.
    pool.on('error', (err) => opts.onIdleError?.(err));
    // A connection checked out of the pool has no listener of the pool's: when the server goes
    // away mid-query (a restart, an administrator ending sessions) the client emits 'error',
    // which unheard would end the process. The query it was running fails with the same error
    // (answered 503), and the pool drops the broken client when it is given back.
    pool.on('connect', (client) => {
      client.on('error', () => {});
      runNamedStatements(client);
    });
    const inner = new PostgresDialect({ pool });
    const dialect = new SnapshotDialect(inner, inner.createDriver(), 'postgres');
    const db = new Kysely<Database>({ dialect, ...log });
    return {
      db,
      dialect: 'postgres',
      snapshot: dialect.driver.snapshot,
      // PostgreSQL's autovacuum keeps statistics fresh by itself.
      optimize: async () => {},
      sharedReads: () => dialect.driver.sharedReads.shared,
      poolStats: () => ({
        max,
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        batchedLookups: batchedLookups(),
      }),
      close: () => db.destroy(),
    };
  }
  if (opts.sqlitePath !== ':memory:') {
    fs.mkdirSync(path.dirname(opts.sqlitePath), { recursive: true });
  }
  const sqlite = new SQLite(opts.sqlitePath);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma(`busy_timeout = ${Math.round(timeoutMs)}`);
  sqlite.pragma('foreign_keys = ON');
  // Each process's own page cache, in KiB: SQLite's default, not better-sqlite3's 16 MB. The
  // operating system's cache already holds the file once for every process, and a private copy
  // of it is dropped whenever another process writes; at 16 MB it cost each server process
  // 11–20 MB of memory under load and bought no throughput (docs/performance.md).
  sqlite.pragma(`cache_size = -${SQLITE_CACHE_KIB}`);
  const dialect = sqliteDialect({ database: withStatementCache(sqlite) });
  const db = new Kysely<Database>({ dialect, ...log });
  let checkedAll = false;
  const optimize = async () => {
    // SQLite's advice for long-running processes: check every table once at start (new
    // indexes from a migration have no statistics yet), then only the ones in use.
    sqlite.pragma(checkedAll ? 'optimize' : 'optimize=0x10002');
    checkedAll = true;
  };
  return {
    db,
    dialect: 'sqlite',
    snapshot: dialect.driver.snapshot,
    optimize,
    poolStats: () => undefined,
    sharedReads: () => dialect.driver.sharedReads.shared,
    close: () => db.destroy(),
  };
}

/** See `openDatabase`: the page cache of each SQLite connection. */
export const SQLITE_CACHE_KIB = 2000;

/** Unique-constraint violations look different per driver; services only need a yes/no. */
export function isUniqueViolation(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: unknown };
  return (
    e.code === '23505' ||
    e.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/** The row a foreign key points at is gone (deleted while this write was on its way). */
export function isForeignKeyViolation(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const code = (err as { code?: unknown }).code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

export { isDatabaseBusy, isDatabaseFull, isDatabaseUnavailable } from './database-errors.js';
