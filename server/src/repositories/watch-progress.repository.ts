import type { Kysely, Selectable } from 'kysely';
import type { Database, WatchProgressTable } from '../db/schema.js';
import { WATCH_PROGRESS_COLUMNS } from './columns.js';

export type WatchProgressRow = Selectable<WatchProgressTable>;

export interface HeartbeatWrite {
  userId: string;
  videoId: string;
  position: number;
  now: number;
  /** The row the credit was computed from; the write applies only if it is still there. */
  previous: WatchProgressRow | undefined;
  watchMs: number;
  day: number;
}

/** Resume positions and per-day watch time: SQL only. */
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
      if (write.watchMs > 0) {
        await trx
          .insertInto('video_watch_time')
          .values({ video_id: videoId, day: write.day, watch_ms: write.watchMs })
          .onConflict((oc) =>
            oc.columns(['video_id', 'day']).doUpdateSet((eb) => ({
              watch_ms: eb('video_watch_time.watch_ms', '+', eb.ref('excluded.watch_ms')),
            })),
          )
          .execute();
      }
      return true;
    });
  }
}
