import type { Kysely } from 'kysely';

/**
 * `video_captions`: a video's caption tracks, one per language. The WebVTT file lives under the
 * video's media prefix (`captions/{name}`), so the media access decision and a move to a new
 * prefix (the video going private) cover it with no rule of its own; the row keeps only the
 * name under the prefix.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('video_captions')
    .addColumn('video_id', 'varchar(24)', (c) =>
      c.notNull().references('videos.id').onDelete('cascade'),
    )
    .addColumn('language', 'varchar(35)', (c) => c.notNull())
    .addColumn('label', 'varchar(50)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('video_captions_pk', ['video_id', 'language'])
    .execute();
}
