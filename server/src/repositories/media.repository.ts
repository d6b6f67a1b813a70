import type { Kysely, Transaction, Updateable } from 'kysely';
import { lockVideoRow } from '../db/dialect-sql.js';
import type { Database, VideosTable } from '../db/schema.js';

/** The columns that decide who may read a video's media, and where its files are. */
export interface VideoMediaRow {
  id: string;
  owner_id: string;
  visibility: 'private' | 'unlisted' | 'public';
  media_token: string | null;
  video_key: string;
  thumbnail_key: string;
  /** A pending reprocess's prefix token: its files are not the video's yet, and never served. */
  reprocess_token: string | null;
}

const MEDIA_COLUMNS = [
  'id',
  'owner_id',
  'visibility',
  'media_token',
  'video_key',
  'thumbnail_key',
  'reprocess_token',
] as const;

export class MediaRepository {
  constructor(private readonly db: Kysely<Database>) {}

  videoMedia(id: string): Promise<VideoMediaRow | undefined> {
    return this.db
      .selectFrom('videos')
      .select(MEDIA_COLUMNS)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Whether a user's avatar or cover is the `images/…` key: the only rows that name one. */
  async isUserImage(key: string): Promise<boolean> {
    const user = await this.db
      .selectFrom('users')
      .select('id')
      .where((eb) => eb.or([eb('avatar_key', '=', key), eb('cover_key', '=', key)]))
      .limit(1)
      .executeTakeFirst();
    return user !== undefined;
  }

  /**
   * Runs `work` in a transaction holding the video's row lock (SQLite: the write lock), with the
   * row as it is now, so edits of one video's media happen one after another.
   */
  withLockedVideo<T>(
    id: string,
    work: (trx: Transaction<Database>, row: VideoMediaRow | undefined) => Promise<T>,
  ): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      await lockVideoRow(trx, id);
      const row = await trx
        .selectFrom('videos')
        .select(MEDIA_COLUMNS)
        .where('id', '=', id)
        .executeTakeFirst();
      return work(trx, row);
    });
  }

  async update(
    trx: Transaction<Database>,
    id: string,
    patch: Updateable<VideosTable>,
  ): Promise<void> {
    await trx.updateTable('videos').set(patch).where('id', '=', id).execute();
  }
}
