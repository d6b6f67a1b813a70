import { PostgresAdapter, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, WatchProgressTable } from '../db/schema.js';
import { WATCH_PROGRESS_COLUMNS } from './columns.js';

export type WatchProgressRow = Selectable<WatchProgressTable>;

/** A heartbeat's write against the baseline row it was credited from. */
export interface BaselineWrite<Row> {
  userId: string;
  videoId: string;
  position: number;
  now: number;
  /** The row the credit was computed from; the write applies only if it is still there. */
  previous: Row | undefined;
  watchMs: number;
  day: number;
}

export type HeartbeatWrite = BaselineWrite<WatchProgressRow>;

/** A paused viewer's last heartbeat on a video (migration 116); not their history. */
export type PausedHeartbeatRow = Selectable<Database['paused_watch_heartbeats']>;

export type PausedHeartbeatWrite = BaselineWrite<PausedHeartbeatRow>;

/** `lost`: another heartbeat moved the baseline first; `resumed`: history is no longer paused. */
export type BaselineOutcome = 'applied' | 'lost' | 'resumed';

/**
 * Resume positions, per-day watch time, and the baseline of viewers whose history is paused:
 * SQL only.
 */
export class WatchProgressRepository {
  constructor(private readonly db: Kysely<Database>) {}

  find(userId: string, videoId: string): Promise<WatchProgressRow | undefined> {
    return this.db
      .selectFrom('watch_progress')
      .select(WATCH_PROGRESS_COLUMNS)
      .where('user_id', '=', userId)
      .where('video_id', '=', videoId)
      .executeTakeFirst();
  }

  /**
   * Moves the position on and adds the watch time, as a compare-and-set on the previous row:
   * of two concurrent heartbeats computed from the same baseline only one applies, so the same
   * seconds are never credited twice. Answers false when another heartbeat got there first.
   */
  async recordHeartbeat(write: HeartbeatWrite): Promise<boolean> {
    const { userId, videoId, position, now, previous } = write;
    return this.db.transaction().execute(async (trx) => {
      const applied = previous
        ? await trx
            .updateTable('watch_progress')
            .set({ position, updated_at: now })
            .where('user_id', '=', userId)
            .where('video_id', '=', videoId)
            .where('updated_at', '=', previous.updated_at)
            .where('position', '=', previous.position)
            .returning('user_id')
            .executeTakeFirst()
        : await trx
            .insertInto('watch_progress')
            .values({ user_id: userId, video_id: videoId, position, updated_at: now })
            .onConflict((oc) => oc.columns(['user_id', 'video_id']).doNothing())
            .returning('user_id')
            .executeTakeFirst();
      if (!applied) return false;
      if (write.watchMs > 0) await addWatchTime(trx, videoId, write.day, write.watchMs);
      return true;
    });
  }

  /**
   * Whether the viewer paused their history (library_settings, migration 070), and when they
   * last resumed it (migration 117).
   */
  async historyState(userId: string): Promise<{ paused: boolean; resumedAt: number | null }> {
    const row = await this.db
      .selectFrom('library_settings')
      .select(['history_paused', 'history_resumed_at'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return {
      paused: Number(row?.history_paused ?? 0) === 1,
      resumedAt: row?.history_resumed_at == null ? null : Number(row.history_resumed_at),
    };
  }

  /** A paused viewer's last heartbeat on a video: only ever read to credit the next one. */
  findPaused(userId: string, videoId: string): Promise<PausedHeartbeatRow | undefined> {
    return this.db
      .selectFrom('paused_watch_heartbeats')
      .select(['user_id', 'video_id', 'position', 'heard_at'])
      .where('user_id', '=', userId)
      .where('video_id', '=', videoId)
      .executeTakeFirst();
  }

  /**
   * `recordHeartbeat` for a viewer whose history is paused: the baseline moves in
   * `paused_watch_heartbeats` instead of `watch_progress`, with the same compare-and-set, so
   * heartbeats on any process or machine credit each second once. Answers `resumed`, writing
   * nothing, when the history is no longer paused: the setting is read again in the
   * transaction (PostgreSQL: `for share`, which resuming's update waits for), so a baseline
   * written here has committed before resuming deletes the viewer's baselines.
   */
  async recordPausedHeartbeat(write: PausedHeartbeatWrite): Promise<BaselineOutcome> {
    const { userId, videoId, position, now, previous } = write;
    const postgres = this.db.getExecutor().adapter instanceof PostgresAdapter;
    return this.db.transaction().execute(async (trx) => {
      // The account first, as deleting it locks it (then its settings, by cascade): taken
      // after the setting, the insert's foreign key check could wait for a deletion that
      // waits for the setting.
      if (postgres) {
        await trx.selectFrom('users').select('id').where('id', '=', userId).forKeyShare().execute();
      }
      const setting = await trx
        .selectFrom('library_settings')
        .select('history_paused')
        .where('user_id', '=', userId)
        .$if(postgres, (qb) => qb.forShare())
        .executeTakeFirst();
      if (Number(setting?.history_paused ?? 0) !== 1) return 'resumed';
      const applied = previous
        ? await trx
            .updateTable('paused_watch_heartbeats')
            .set({ position, heard_at: now })
            .where('user_id', '=', userId)
            .where('video_id', '=', videoId)
            .where('heard_at', '=', previous.heard_at)
            .where('position', '=', previous.position)
            .returning('user_id')
            .executeTakeFirst()
        : await trx
            .insertInto('paused_watch_heartbeats')
            .values({ user_id: userId, video_id: videoId, position, heard_at: now })
            .onConflict((oc) => oc.columns(['user_id', 'video_id']).doNothing())
            .returning('user_id')
            .executeTakeFirst();
      if (!applied) return 'lost';
      if (write.watchMs > 0) await addWatchTime(trx, videoId, write.day, write.watchMs);
      return 'applied';
    });
  }

  /** Housekeeping: baselines no heartbeat has moved since `before` (epoch ms). */
  prunePausedHeartbeats(before: number): Promise<unknown> {
    return this.db.deleteFrom('paused_watch_heartbeats').where('heard_at', '<', before).execute();
  }
}

function addWatchTime(
  db: Kysely<Database> | Transaction<Database>,
  videoId: string,
  day: number,
  watchMs: number,
): Promise<unknown> {
  return db
    .insertInto('video_watch_time')
    .values({ video_id: videoId, day, watch_ms: watchMs })
    .onConflict((oc) =>
      oc.columns(['video_id', 'day']).doUpdateSet((eb) => ({
        watch_ms: eb('video_watch_time.watch_ms', '+', eb.ref('excluded.watch_ms')),
      })),
    )
    .execute();
}
