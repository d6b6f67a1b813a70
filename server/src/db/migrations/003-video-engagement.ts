import { sql, type Kysely } from 'kysely';
import { createVideoSearchIndex } from '../dialect-sql.js';

/** Likes, counted views, watch history, and the search index over titles and hashtags. */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Polymorphic target (a video or a comment), so no foreign key: deleting a target deletes its likes.
  await db.schema
    .createTable('likes')
    .addColumn('user_id', 'varchar(24)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('target_type', 'varchar(8)', (c) =>
      c.notNull().check(sql`target_type in ('Video', 'Comment')`),
    )
    .addColumn('target_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('kind', 'varchar(8)', (c) => c.notNull().check(sql`kind in ('like', 'dislike')`))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('likes_one_per_user', ['user_id', 'target_type', 'target_id'])
    .execute();
  await db.schema
    .createIndex('likes_target')
    .on('likes')
    .columns(['target_type', 'target_id', 'kind'])
    .execute();

  // One row per counted view: studio analytics reads views over time from here.
  await db.schema
    .createTable('video_views')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('video_id', 'varchar(24)', (c) =>
      c.notNull().references('videos.id').onDelete('cascade'),
    )
    .addColumn('viewer_id', 'varchar(24)', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('viewed_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('video_views_video_time')
    .on('video_views')
    .columns(['video_id', 'viewed_at'])
    .execute();

  // The last counted view per viewer and video: one conditional upsert decides atomically.
  await db.schema
    .createTable('video_view_guards')
    .addColumn('video_id', 'varchar(24)', (c) =>
      c.notNull().references('videos.id').onDelete('cascade'),
    )
    .addColumn('viewer_key', 'varchar(80)', (c) => c.notNull())
    .addColumn('counted_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('video_view_guards_pk', ['video_id', 'viewer_key'])
    .execute();

  await db.schema
    .createTable('watch_history')
    .addColumn('user_id', 'varchar(24)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('video_id', 'varchar(24)', (c) =>
      c.notNull().references('videos.id').onDelete('cascade'),
    )
    .addColumn('watched_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('watch_history_pk', ['user_id', 'video_id'])
    .execute();
  await db.schema
    .createIndex('watch_history_user_time')
    .on('watch_history')
    .columns(['user_id', 'watched_at'])
    .execute();
  await db.schema
    .createIndex('watch_history_video')
    .on('watch_history')
    .column('video_id')
    .execute();

  await createVideoSearchIndex(db);
}
