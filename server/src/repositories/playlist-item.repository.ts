import { PostgresAdapter, sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import type { VideoListRow } from './video.repository.js';
import { visibleTo } from './video-visibility.js';
import { POSITION_STEP, keyBetween } from '../rules/playlist-order.js';

export interface PlaylistItemRow extends VideoListRow {
  added_at: number;
}

export type AddResult = 'added' | 'present' | 'full';

/**
 * The videos of playlists and Watch later, in their order: SQL only. Every change runs under
 * the playlist's lock and touches its `updated_at`. The playlists themselves:
 * playlist.repository.ts.
 */
export class PlaylistItemRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private visibleItems(playlistId: string, viewerId: string | undefined) {
    return this.db
      .selectFrom('playlist_items as i')
      .innerJoin('videos as v', 'v.id', 'i.video_id')
      .where('i.playlist_id', '=', playlistId)
      .where(visibleTo(viewerId));
  }

  /** One page of a playlist's videos in its order, as lists read them: those the viewer may see. */
  items(
    playlistId: string,
    viewerId: string | undefined,
    limit: number,
    offset: number,
  ): Promise<PlaylistItemRow[]> {
    return this.visibleItems(playlistId, viewerId)
      .select(['v.id', 'v.card_version', 'v.views', 'i.added_at'])
      .orderBy('i.position')
      .orderBy('i.video_id')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  /** The list rows of some videos (a playlist's first video, for its thumbnail). */
  videoRows(ids: readonly string[]): Promise<VideoListRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('videos as v')
      .select(['v.id', 'v.card_version', 'v.views'])
      .where('v.id', 'in', ids)
      .execute();
  }

  /**
   * Appends a video, unless it is there already or the playlist is full. Runs under the
   * playlist's lock, so concurrent additions count and append one after another.
   */
  async addVideo(
    playlistId: string,
    videoId: string,
    now: number,
    max: number,
  ): Promise<AddResult> {
    return this.db.transaction().execute(async (trx) => {
      await lockPlaylistRow(trx, playlistId);
      const state = await trx
        .selectFrom('playlist_items')
        .select([
          sql<number>`count(*)`.as('n'),
          sql<number | null>`max(position)`.as('last'),
          sql<number>`sum(case when video_id = ${videoId} then 1 else 0 end)`.as('present'),
        ])
        .where('playlist_id', '=', playlistId)
        .executeTakeFirstOrThrow();
      if (Number(state.present ?? 0) > 0) return 'present';
      if (Number(state.n) >= max) return 'full';
      await trx
        .insertInto('playlist_items')
        .values({
          playlist_id: playlistId,
          video_id: videoId,
          position: Number(state.last ?? 0) + POSITION_STEP,
          added_at: now,
        })
        .execute();
      await touch(trx, playlistId, now);
      return 'added';
    });
  }

  /** Takes a video out; false when it was not in the playlist. */
  async removeVideo(playlistId: string, videoId: string, now: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await lockPlaylistRow(trx, playlistId);
      const gone = await trx
        .deleteFrom('playlist_items')
        .where('playlist_id', '=', playlistId)
        .where('video_id', '=', videoId)
        .executeTakeFirst();
      if (Number(gone.numDeletedRows) === 0) return false;
      await touch(trx, playlistId, now);
      return true;
    });
  }

  /**
   * Moves a video to `index` (0-based) of the list as `viewerId` sees it: its key becomes one
   * between its new neighbours'. Only when none fits between them is the whole list renumbered
   * (in its current order, one statement) first. Answers the index it landed at, or undefined
   * when the video is not in the list as the viewer sees it.
   */
  async moveVideo(
    playlistId: string,
    videoId: string,
    index: number,
    viewerId: string,
    now: number,
  ): Promise<number | undefined> {
    return this.db.transaction().execute(async (trx) => {
      await lockPlaylistRow(trx, playlistId);
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const order = await trx
          .selectFrom('playlist_items as i')
          .innerJoin('videos as v', 'v.id', 'i.video_id')
          .select(['i.video_id', 'i.position'])
          .where('i.playlist_id', '=', playlistId)
          .where(visibleTo(viewerId))
          .orderBy('i.position')
          .orderBy('i.video_id')
          .execute();
        const from = order.findIndex((row) => row.video_id === videoId);
        if (from < 0) return undefined;
        const others = order.filter((row) => row.video_id !== videoId);
        const to = Math.min(index, others.length);
        const key = keyBetween(
          others[to - 1] && Number(others[to - 1]!.position),
          others[to] && Number(others[to]!.position),
        );
        if (key === undefined) {
          await renumber(trx, playlistId);
          continue;
        }
        if (from !== to) {
          await trx
            .updateTable('playlist_items')
            .set({ position: key })
            .where('playlist_id', '=', playlistId)
            .where('video_id', '=', videoId)
            .execute();
          await touch(trx, playlistId, now);
        }
        return to;
      }
      throw new Error('Playlist renumbering left no gap.');
    });
  }
}

async function touch(trx: Transaction<Database>, playlistId: string, now: number): Promise<void> {
  await trx
    .updateTable('playlists')
    .set({ updated_at: now })
    .where('id', '=', playlistId)
    .execute();
}

/** Every item of the playlist, hidden ones too, a step apart in their current order. */
async function renumber(trx: Transaction<Database>, playlistId: string): Promise<void> {
  await trx
    .updateTable('playlist_items')
    .from(
      trx
        .selectFrom('playlist_items')
        .select([
          'video_id',
          sql<number>`row_number() over (order by position, video_id)`.as('rank'),
        ])
        .where('playlist_id', '=', playlistId)
        .as('r'),
    )
    .set((eb) => ({ position: eb('r.rank', '*', POSITION_STEP) }))
    .where('playlist_items.playlist_id', '=', playlistId)
    .whereRef('playlist_items.video_id', '=', 'r.video_id')
    .execute();
}

/**
 * PostgreSQL: locks the playlist row for the rest of the transaction, so changes to one
 * playlist's items run one after another. SQLite's write transaction holds the whole database.
 */
async function lockPlaylistRow(trx: Transaction<Database>, playlistId: string): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`select 1 from playlists where id = ${playlistId} for update`.execute(trx);
}
