import { sql, type Kysely } from 'kysely';

/** Comments and replies, and the subscribe/unsubscribe history studio analytics reads. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('comments')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('video_id', 'varchar(24)', (c) =>
      c.notNull().references('videos.id').onDelete('cascade'),
    )
    .addColumn('owner_id', 'varchar(24)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    // Null for a top-level comment; replies always point at a top-level comment (one level).
    .addColumn('parent_id', 'varchar(24)', (c) => c.references('comments.id').onDelete('cascade'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // The page of top-level comments of a video, newest first.
  await db.schema
    .createIndex('comments_video_parent_created')
    .on('comments')
    .columns(['video_id', 'parent_id', 'created_at'])
    .execute();
  // The replies of a page of comments, oldest first.
  await db.schema
    .createIndex('comments_parent_created')
    .on('comments')
    .columns(['parent_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('subscription_events')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('channel_id', 'varchar(24)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('subscriber_id', 'varchar(24)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('delta', 'integer', (c) => c.notNull().check(sql`delta in (1, -1)`))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('subscription_events_channel_time')
    .on('subscription_events')
    .columns(['channel_id', 'created_at'])
    .execute();

  // Liked videos of a user, newest like first.
  await db.schema
    .createIndex('likes_user_created')
    .on('likes')
    .columns(['user_id', 'target_type', 'kind', 'created_at'])
    .execute();
}
