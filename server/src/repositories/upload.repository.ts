import { sql, type Kysely, type Transaction } from 'kysely';
import type { Dialect } from '../db/database.js';
import type { Database, UploadsTable } from '../db/schema.js';

/** An upload row as services read it (the lock columns stay with the locker). */
export type UploadRow = Pick<
  UploadsTable,
  'id' | 'owner_id' | 'size' | 'filename' | 'filetype' | 'state' | 'created_at' | 'expires_at'
>;

const UPLOAD_COLUMNS = [
  'id',
  'owner_id',
  'size',
  'filename',
  'filetype',
  'state',
  'created_at',
  'expires_at',
] as const satisfies readonly (keyof UploadsTable)[];

/** What a user stores now: their videos' bytes, and open uploads' declared sizes. */
export interface StorageUsage {
  usedBytes: number;
  /** Videos made and uploads started since `since`. */
  recentBytes: number;
}

type Executor = Kysely<Database> | Transaction<Database>;

const toRow = (r: UploadRow): UploadRow => ({
  ...r,
  size: Number(r.size),
  created_at: Number(r.created_at),
  expires_at: Number(r.expires_at),
});

/** Resumable uploads not yet published (`uploads`, migration 040), and storage sums. SQL only. */
export class UploadRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  /**
   * Runs `work` in a transaction that holds the user's row lock (PostgreSQL) or the write lock
   * (SQLite), so two uploads checked against one quota at once are checked one after another.
   */
  async forUser<T>(userId: string, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      if (this.dialect === 'postgres') {
        await sql`select id from users where id = ${userId} for update`.execute(trx);
      }
      return work(trx);
    });
  }

  /**
   * Bytes stored for the user's videos plus the declared size of their open uploads, and the
   * same for those since `since`: two indexed sums, no listing of the store.
   */
  async usage(userId: string, since: number, db: Executor = this.db): Promise<StorageUsage> {
    const videos = await db
      .selectFrom('videos')
      .select((eb) => [
        eb.fn.coalesce(eb.fn.sum<number>('stored_bytes'), sql<number>`0`).as('all'),
        eb.fn
          .coalesce(
            eb.fn.sum<number>(
              eb.case().when('created_at', '>=', since).then(eb.ref('stored_bytes')).else(0).end(),
            ),
            sql<number>`0`,
          )
          .as('recent'),
      ])
      .where('owner_id', '=', userId)
      .executeTakeFirstOrThrow();
    const uploads = await db
      .selectFrom('uploads')
      .select((eb) => [
        eb.fn.coalesce(eb.fn.sum<number>('size'), sql<number>`0`).as('all'),
        eb.fn
          .coalesce(
            eb.fn.sum<number>(
              eb.case().when('created_at', '>=', since).then(eb.ref('size')).else(0).end(),
            ),
            sql<number>`0`,
          )
          .as('recent'),
      ])
      .where('owner_id', '=', userId)
      .executeTakeFirstOrThrow();
    return {
      usedBytes: Number(videos.all) + Number(uploads.all),
      recentBytes: Number(videos.recent) + Number(uploads.recent),
    };
  }

  async insert(row: UploadRow, db: Executor = this.db): Promise<void> {
    await db.insertInto('uploads').values(row).execute();
  }

  async find(id: string): Promise<UploadRow | undefined> {
    const row = await this.db
      .selectFrom('uploads')
      .select(UPLOAD_COLUMNS)
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? toRow(row) : undefined;
  }

  /**
   * One publish takes the upload: `open` → `publishing`, for its owner only. False when it is
   * not theirs, gone, expired or already being published.
   */
  async claimForPublish(id: string, ownerId: string, now: number): Promise<UploadRow | undefined> {
    const result = await this.db
      .updateTable('uploads')
      .set({ state: 'publishing' })
      .where('id', '=', id)
      .where('owner_id', '=', ownerId)
      .where('state', '=', 'open')
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return undefined;
    return this.find(id);
  }

  /** A publish that failed before it moved anything gives the upload back. */
  async unclaim(id: string): Promise<void> {
    await this.db
      .updateTable('uploads')
      .set({ state: 'open' })
      .where('id', '=', id)
      .where('state', '=', 'publishing')
      .execute();
  }

  async delete(id: string, db: Executor = this.db): Promise<void> {
    await db.deleteFrom('uploads').where('id', '=', id).execute();
  }

  /** Uploads past their expiry, oldest first, a batch at a time (the sweep). */
  async expired(now: number, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('uploads')
      .select('id')
      .where('expires_at', '<=', now)
      .orderBy('expires_at')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }

  /** Which of `ids` have a row (the store sweep leaves those alone). */
  async existing(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db.selectFrom('uploads').select('id').where('id', 'in', ids).execute();
    return new Set(rows.map((r) => r.id));
  }

  /** Takes the lock when free or expired; true when `holder` now has it. */
  async tryLock(id: string, holder: string, now: number, leaseMs: number): Promise<boolean> {
    const result = await this.db
      .updateTable('uploads')
      .set({ lock_holder: holder, lock_expires_at: now + leaseMs, lock_wanted: 0 })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('lock_holder', 'is', null), eb('lock_expires_at', '<', now)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Asks the lock's holder to let go; false when there is no such upload. */
  async wantLock(id: string): Promise<boolean> {
    const result = await this.db
      .updateTable('uploads')
      .set({ lock_wanted: 1 })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Extends a held lock; answers whether another request wants it (undefined: no longer held).
   */
  async renewLock(
    id: string,
    holder: string,
    now: number,
    leaseMs: number,
  ): Promise<{ wanted: boolean } | undefined> {
    const result = await this.db
      .updateTable('uploads')
      .set({ lock_expires_at: now + leaseMs })
      .where('id', '=', id)
      .where('lock_holder', '=', holder)
      .returning('lock_wanted')
      .executeTakeFirst();
    return result ? { wanted: Number(result.lock_wanted) === 1 } : undefined;
  }

  async unlock(id: string, holder: string): Promise<void> {
    await this.db
      .updateTable('uploads')
      .set({ lock_holder: null, lock_expires_at: null })
      .where('id', '=', id)
      .where('lock_holder', '=', holder)
      .execute();
  }
}
