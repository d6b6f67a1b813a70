import {
  sql,
  type Insertable,
  type Kysely,
  type Selectable,
  type SqlBool,
  type Updateable,
  type ExpressionBuilder,
} from 'kysely';
import type { Visibility } from '@contract';
import type { Database, PlaylistsTable } from '../db/schema.js';
import { visibleTo } from './video-visibility.js';

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

/** One of a user's playlists, and whether it holds a given video. */
export interface PlaylistChoiceRow {
  id: string;
  kind: 'playlist' | 'watch_later';
  title: string;
  visibility: Visibility;
  contains_video: number;
}

/** Playlists and Watch later, with their owners and counts: SQL only. Their items: playlist-item.repository.ts. */
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
}
