import {
  PostgresAdapter,
  sql,
  type Insertable,
  type Kysely,
  type Selectable,
  type SqlBool,
  type Transaction,
  type Updateable,
  type ExpressionBuilder,
} from 'kysely';
import type { Visibility } from '@contract';
import type { Database, PlaylistsTable } from '../db/schema.js';
import type { VideoListRow } from './video.repository.js';
import { visibleTo } from './video-visibility.js';
import { POSITION_STEP, keyBetween } from '../rules/playlist-order.js';

export const PLAYLIST_COLUMNS = [
  'id',
  'owner_id',
  'kind',
  'title',
  'description',
  'visibility',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof PlaylistsTable)[];

export type PlaylistRow = Pick<Selectable<PlaylistsTable>, (typeof PLAYLIST_COLUMNS)[number]>;

/**
 * A playlist with its owner's name and picture, and what decides whether others may see the
 * owner's channel (rules/account-visibility.ts): a hidden channel's playlists go with it.
 */
export interface PlaylistWithOwner extends PlaylistRow {
  owner_username: string;
  owner_full_name: string;
  owner_avatar_key: string;
  owner_suspended_at: number | null;
  owner_awaiting_approval: number;
}

/** A playlist as a list shows it, counted for one viewer. */
export interface PlaylistSummaryRow extends PlaylistWithOwner {
  videos_count: number;
  first_video_id: string | null;
}

export interface PlaylistItemRow extends VideoListRow {
  added_at: number;
}

/** One of a user's playlists, and whether it holds a given video. */
export interface PlaylistChoiceRow {
  id: string;
  kind: 'playlist' | 'watch_later';
  title: string;
  visibility: Visibility;
  contains_video: number;
}

export type AddResult = 'added' | 'present' | 'full';

/** Playlists, Watch later, and their ordered videos: SQL only. */
export class PlaylistRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private withOwner() {
    return this.db
      .selectFrom('playlists as p')
      .innerJoin('users as u', 'u.id', 'p.owner_id')
      .select(PLAYLIST_COLUMNS.map((c) => `p.${c}` as const))
      .select([
        'u.username as owner_username',
        'u.full_name as owner_full_name',
        'u.avatar_key as owner_avatar_key',
        'u.suspended_at as owner_suspended_at',
        'u.awaiting_approval as owner_awaiting_approval',
      ]);
  }

  findById(id: string): Promise<PlaylistWithOwner | undefined> {
    return this.withOwner().where('p.id', '=', id).executeTakeFirst();
  }

  findWatchLater(ownerId: string): Promise<PlaylistWithOwner | undefined> {
    return this.withOwner()
      .where('p.owner_id', '=', ownerId)
      .where('p.kind', '=', 'watch_later')
      .executeTakeFirst();
  }

  insert(row: Insertable<PlaylistsTable>): Promise<unknown> {
    return this.db.insertInto('playlists').values(row).execute();
  }

  /** The user's Watch later, made now unless it exists (the partial unique index decides). */
  async ensureWatchLater(row: Insertable<PlaylistsTable>): Promise<PlaylistWithOwner> {
    await this.db
      .insertInto('playlists')
      .values({ ...row, kind: 'watch_later' })
      .onConflict((oc) =>
        // The partial index's own condition, spelled as it is, or no index matches it.
        oc
          .column('owner_id')
          .where(sql<SqlBool>`kind = 'watch_later'`)
          .doNothing(),
      )
      .execute();
    const found = await this.findWatchLater(row.owner_id);
    if (!found) throw new Error('Watch later was not made.');
    return found;
  }

  update(id: string, patch: Updateable<PlaylistsTable>): Promise<unknown> {
    return this.db.updateTable('playlists').set(patch).where('id', '=', id).execute();
  }

  /** The playlist and its items (they cascade). */
  delete(id: string): Promise<unknown> {
    return this.db.deleteFrom('playlists').where('id', '=', id).execute();
  }

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

  /**
   * A page of one owner's playlists of the given visibilities (not Watch later), newest first,
   * each with how many of its videos the viewer may see and the first of them; and the total.
   */
  async ownerPage(
    ownerId: string,
    visibilities: readonly Visibility[],
    viewerId: string | undefined,
    limit: number,
    offset: number,
  ): Promise<{ rows: PlaylistSummaryRow[]; total: number }> {
    // Someone else's list is empty while their channel is hidden (isChannelHidden's rule). The
    // owner is looked up by the id bound, not through p, so both databases read one user row
    // first whatever value they see.
    const shown = (eb: ExpressionBuilder<Database & { p: PlaylistsTable }, 'p'>) =>
      viewerId === ownerId
        ? sql<SqlBool>`true`
        : eb.exists(
            eb
              .selectFrom('users as o')
              .select('o.id')
              .where('o.id', '=', ownerId)
              .where('o.suspended_at', 'is', null)
              .where('o.awaiting_approval', '=', 0),
          );
    const mine = this.db
      .selectFrom('playlists as p')
      .where('p.owner_id', '=', ownerId)
      .where('p.kind', '=', 'playlist')
      .where('p.visibility', 'in', visibilities)
      .where(shown);
    const [rows, count] = await Promise.all([
      this.summaries(
        this.withOwner()
          .where('p.owner_id', '=', ownerId)
          .where('p.kind', '=', 'playlist')
          .where('p.visibility', 'in', visibilities)
          .where(shown),
        viewerId,
      )
        .orderBy('p.created_at', 'desc')
        .orderBy('p.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      mine.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    ]);
    // A count subquery always answers a number.
    return { rows: rows as PlaylistSummaryRow[], total: Number(count.n) };
  }

  /** One playlist with its count and first video for the viewer. */
  summaryOf(id: string, viewerId: string | undefined): Promise<PlaylistSummaryRow | undefined> {
    return this.summaries(
      this.withOwner().where('p.id', '=', id),
      viewerId,
    ).executeTakeFirst() as Promise<PlaylistSummaryRow | undefined>;
  }

  private summaries(query: ReturnType<PlaylistRepository['withOwner']>, viewerId?: string) {
    return query.select((eb) => [
      eb
        .selectFrom('playlist_items as i')
        .innerJoin('videos as v', 'v.id', 'i.video_id')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('i.playlist_id', '=', 'p.id')
        .where(visibleTo(viewerId))
        .as('videos_count'),
      eb
        .selectFrom('playlist_items as i')
        .innerJoin('videos as v', 'v.id', 'i.video_id')
        .select('i.video_id')
        .whereRef('i.playlist_id', '=', 'p.id')
        .where(visibleTo(viewerId))
        .orderBy('i.position')
        .orderBy('i.video_id')
        .limit(1)
        .as('first_video_id'),
    ]);
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

  /** A user's playlists, Watch later first, each with whether it holds `videoId`. */
  choices(ownerId: string, videoId: string, limit: number): Promise<PlaylistChoiceRow[]> {
    return this.db
      .selectFrom('playlists as p')
      .select(['p.id', 'p.kind', 'p.title', 'p.visibility'])
      .select((eb) =>
        eb
          .case()
          .when(
            eb.exists(
              eb
                .selectFrom('playlist_items as i')
                .select(sql<number>`1`.as('one'))
                .whereRef('i.playlist_id', '=', 'p.id')
                .where('i.video_id', '=', videoId),
            ),
          )
          .then(1)
          .else(0)
          .end()
          .as('contains_video'),
      )
      .where('p.owner_id', '=', ownerId)
      .orderBy(sql`case when p.kind = 'watch_later' then 0 else 1 end`)
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(limit)
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
