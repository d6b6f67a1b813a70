import type { Kysely, Transaction } from 'kysely';
import type { Database, VideoCaptionsTable } from '../db/schema.js';

export type CaptionRow = Pick<VideoCaptionsTable, 'language' | 'label' | 'file_name'>;

/** A video's caption tracks (migration 083): SQL only. */
export class CaptionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  list(videoId: string): Promise<CaptionRow[]> {
    return this.db
      .selectFrom('video_captions')
      .select(['language', 'label', 'file_name'])
      .where('video_id', '=', videoId)
      .orderBy('language')
      .execute();
  }

  /** How many tracks the video has, and the file of this language's, if any. */
  async census(
    trx: Transaction<Database>,
    videoId: string,
    language: string,
  ): Promise<{ count: number; existing: string | undefined }> {
    const rows = await trx
      .selectFrom('video_captions')
      .select(['language', 'file_name'])
      .where('video_id', '=', videoId)
      .execute();
    return {
      count: rows.length,
      existing: rows.find((r) => r.language === language)?.file_name,
    };
  }

  /** This language's track becomes this one (inside the video's row lock). */
  async put(
    trx: Transaction<Database>,
    row: Pick<VideoCaptionsTable, 'video_id' | 'language' | 'label' | 'file_name' | 'created_at'>,
  ): Promise<void> {
    await trx
      .insertInto('video_captions')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['video_id', 'language']).doUpdateSet({
          label: row.label,
          file_name: row.file_name,
          created_at: row.created_at,
        }),
      )
      .execute();
  }

  /** Removes this language's track; answers its file, if there was one. */
  async remove(
    trx: Transaction<Database>,
    videoId: string,
    language: string,
  ): Promise<string | undefined> {
    const row = await trx
      .deleteFrom('video_captions')
      .where('video_id', '=', videoId)
      .where('language', '=', language)
      .returning('file_name')
      .executeTakeFirst();
    return row?.file_name;
  }
}
