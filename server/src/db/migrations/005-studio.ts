import { sql, type Kysely } from 'kysely';

/** Watch time and resume positions, and the indexes the studio's sorted lists read. */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Where a signed-in viewer stopped; also the baseline the next heartbeat is measured from.
  await db.schema
    .createTable('watch_progress')
    .addColumn('user_id', 'varchar(24)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('video_id', 'varchar(24)', (c) =>
      c.notNull().references('videos.id').onDelete('cascade'),
    )
    .addColumn('position', 'double precision', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('watch_progress_pk', ['user_id', 'video_id'])
    .execute();
  // Deleting a video cascades here.
  await db.schema
    .createIndex('watch_progress_video')
    .on('watch_progress')
    .column('video_id')
    .execute();

  // Watch time per video and UTC day (epoch ms / 86400000): a chart reads at most 90 rows a video.
  await db.schema
    .createTable('video_watch_time')
    .addColumn('video_id', 'varchar(24)', (c) =>
      c.notNull().references('videos.id').onDelete('cascade'),
    )
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('watch_ms', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('video_watch_time_pk', ['video_id', 'day'])
    .execute();

  // The studio content list sorts one owner's videos by views or title (created_at has one).
  await db.schema
    .createIndex('videos_owner_views')
    .on('videos')
    .columns(['owner_id', 'views'])
    .execute();
  await sql`create index videos_owner_title on videos (owner_id, lower(title))`.execute(db);
}
