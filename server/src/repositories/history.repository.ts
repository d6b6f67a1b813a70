import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../db/database.js';
import { videoTextContains } from '../db/dialect-sql.js';
import type { Database } from '../db/schema.js';
import type { VideoListRow } from './video.repository.js';
import { visibleTo } from './video-visibility.js';

/** A history entry as the list reads it: the video's list row, when, and where they stopped. */
export interface HistoryRow extends VideoListRow {
  watched_at: number;
  position: number | null;
}

/** The caller's watch history and resume positions: SQL only. */
export class HistoryRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  private entries(userId: string, q: string) {
    let query = this.db
      .selectFrom('watch_history as h')
      .innerJoin('videos as v', 'v.id', 'h.video_id')
      .where('h.user_id', '=', userId)
      .where(visibleTo(userId));
    if (q) query = query.where(videoTextContains(this.dialect, q, ['title']));
    return query;
  }

  /**
   * One page of a user's history, newest first (the `(user_id, watched_at)` index's order),
   * with each video's stored position, and how many entries there are: videos the user may
   * no longer see are left out of both.
   */
  async page(
    userId: string,
    q: string,
    limit: number,
    offset: number,
  ): Promise<{ rows: HistoryRow[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.entries(userId, q)
        .leftJoin('watch_progress as p', (join) =>
          join.onRef('p.user_id', '=', 'h.user_id').onRef('p.video_id', '=', 'h.video_id'),
        )
        .select(['v.id', 'v.card_version', 'v.views', 'h.watched_at', 'p.position'])
        .orderBy('h.watched_at', 'desc')
        .orderBy('h.video_id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      this.entries(userId, q)
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  /** Where the user stopped in each of these videos that they may see and have a position in. */
  positions(
    userId: string,
    videoIds: readonly string[],
  ): Promise<{ video_id: string; position: number }[]> {
    if (videoIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('watch_progress as p')
      .innerJoin('videos as v', 'v.id', 'p.video_id')
      .select(['p.video_id', 'p.position'])
      .where('p.user_id', '=', userId)
      .where('p.video_id', 'in', videoIds)
      .where('p.position', '>', 0)
      .where(visibleTo(userId))
      .execute();
  }

  /** One video out of the history, with where the user stopped in it. */
  async deleteEntry(userId: string, videoId: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const gone = await trx
        .deleteFrom('watch_history')
        .where('user_id', '=', userId)
        .where('video_id', '=', videoId)
        .executeTakeFirst();
      await trx
        .deleteFrom('watch_progress')
        .where('user_id', '=', userId)
        .where('video_id', '=', videoId)
        .execute();
      return Number(gone.numDeletedRows) > 0;
    });
  }

  /**
   * The whole history, every resume position with it, and the baselines paused heartbeats
   * were credited from.
   */
  async clear(userId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('watch_history').where('user_id', '=', userId).execute();
      await trx.deleteFrom('watch_progress').where('user_id', '=', userId).execute();
      await trx.deleteFrom('paused_watch_heartbeats').where('user_id', '=', userId).execute();
    });
  }

  /** The baselines heartbeats were credited from while the history was paused. */
  async forgetPausedHeartbeats(userId: string): Promise<void> {
    await this.db.deleteFrom('paused_watch_heartbeats').where('user_id', '=', userId).execute();
  }
}
