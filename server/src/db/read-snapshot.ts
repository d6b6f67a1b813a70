import { AsyncLocalStorage } from 'node:async_hooks';
import {
  CompiledQuery,
  SqliteAdapter,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
  type TransactionSettings,
} from 'kysely';
import { GatheredReads } from './gathered-reads.js';
import { SharedReads, SharingConnection } from './shared-reads.js';

/**
 * Runs `read` on one connection inside one read-only transaction, so every query it makes,
 * through any repository, sees the same committed state of the database. A list that reads
 * which videos to show and then how they look must not see an edit land between the two.
 * Nested calls join the outer snapshot. Nothing may write inside one.
 */
export type ReadSnapshot = <T>(read: () => Promise<T>) => Promise<T>;

/** SQLite's one connection is shared by turns; a turn is one query, or a whole snapshot. */
class Turns {
  private tail: Promise<void> = Promise.resolve();

  async take(): Promise<() => void> {
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const before = this.tail;
    this.tail = before.then(() => mine);
    await before;
    return release;
  }
}

/**
 * A driver that hands the snapshot's connection to every query made inside it (found through
 * the async context the snapshot runs in), and any free connection otherwise.
 * On SQLite it also takes over Kysely's one-query-at-a-time lock, which would otherwise make a
 * query inside a snapshot wait for the snapshot itself. Outside any transaction, a read shares
 * its statement with identical reads: in flight on a pool (PostgreSQL, see SharedReads), asked
 * in the same turn of the event loop on SQLite (see GatheredReads).
 */
export class SnapshotDriver implements Driver {
  private readonly held = new AsyncLocalStorage<DatabaseConnection>();
  private readonly turns: Turns | undefined;
  private readonly releases = new WeakMap<DatabaseConnection, () => void>();
  private ready: Promise<void> | undefined;
  /** Identical reads in flight (a pool) or asked in one turn (SQLite's one connection). */
  readonly sharedReads: Pick<SharedReads, 'run' | 'shared'>;
  /** Where a sharing connection takes a connection of its own: the pool, or SQLite's turn. */
  private readonly own: Pick<Driver, 'acquireConnection' | 'releaseConnection'>;

  constructor(
    private readonly inner: Driver,
    private readonly begin: string,
    singleConnection: boolean,
  ) {
    this.turns = singleConnection ? new Turns() : undefined;
    this.own = singleConnection
      ? {
          acquireConnection: () => this.takeTurn(),
          releaseConnection: (connection) => this.endTurn(connection),
        }
      : inner;
    const send = async (query: CompiledQuery) => {
      const connection = await this.own.acquireConnection();
      try {
        return await connection.executeQuery(query);
      } finally {
        await this.own.releaseConnection(connection);
      }
    };
    this.sharedReads = singleConnection ? new GatheredReads(send) : new SharedReads(send);
  }

  init(): Promise<void> {
    this.ready ??= this.inner.init();
    return this.ready;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const held = this.held.getStore();
    if (held) return held;
    return new SharingConnection(this.own, this.sharedReads);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    if (this.held.getStore() === connection) return;
    if (connection instanceof SharingConnection) return connection.release();
    await this.own.releaseConnection(connection);
  }

  /** SQLite's one connection, once every turn taken before this one is over. */
  private async takeTurn(): Promise<DatabaseConnection> {
    const release = await this.turns!.take();
    try {
      const connection = await this.inner.acquireConnection();
      this.releases.set(connection, release);
      return connection;
    } catch (err) {
      release();
      throw err;
    }
  }

  private async endTurn(connection: DatabaseConnection): Promise<void> {
    await this.inner.releaseConnection(connection);
    this.releases.get(connection)?.();
    this.releases.delete(connection);
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    if (this.held.getStore()) throw new Error('A read snapshot cannot open a transaction.');
    // A sharing connection takes a pooled one of its own at the `begin`, which never shares.
    return this.inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    // The pooled connection itself: a failed rollback marks it to be discarded.
    return ownOf(connection).then((c) => this.inner.rollbackTransaction(c));
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }

  readonly snapshot: ReadSnapshot = async (read) => {
    if (this.held.getStore()) return read();
    await this.init();
    const connection = await this.acquireConnection();
    try {
      await connection.executeQuery(CompiledQuery.raw(this.begin));
      let result;
      try {
        result = await this.held.run(oneAtATime(connection), read);
      } catch (err) {
        await connection.executeQuery(CompiledQuery.raw('rollback'));
        throw err;
      }
      await connection.executeQuery(CompiledQuery.raw('commit'));
      return result;
    } finally {
      await this.releaseConnection(connection);
    }
  };
}

/** The pooled connection a transaction runs on: a sharing one takes one of its own. */
function ownOf(connection: DatabaseConnection): Promise<DatabaseConnection> {
  return connection instanceof SharingConnection
    ? connection.connection()
    : Promise.resolve(connection);
}

/**
 * The held connection as queries inside the snapshot see it: their queries run in turn, as a
 * PostgreSQL client must not be handed a query while another is under way.
 */
function oneAtATime(connection: DatabaseConnection): DatabaseConnection {
  const turns = new Turns();
  return {
    async executeQuery(query) {
      const release = await turns.take();
      try {
        return await connection.executeQuery(query);
      } finally {
        release();
      }
    },
    streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
  };
}

/**
 * SQLite's adapter with Kysely's own connection lock turned off: SnapshotDriver holds it.
 * A deferred `begin` takes its snapshot at the first read and takes no write lock.
 */
export class SnapshotSqliteAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }

  /**
   * SQLite's DDL is transactional, and Kysely's migrator takes no lock on SQLite unless it runs
   * in a transaction. Declared, the migrations run in one (`begin immediate`: the write lock,
   * before the applied ones are read), so processes that start together on one database file
   * migrate one after another, and the later ones find nothing left to do.
   */
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

export const SQLITE_READ_BEGIN = 'begin';
export const POSTGRES_READ_BEGIN = 'start transaction isolation level repeatable read read only';

export type { DialectAdapter };
