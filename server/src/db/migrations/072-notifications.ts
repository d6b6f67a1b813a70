import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect-sql.js';

/**
 * Notifications. A subscribed channel's new video is never written per subscriber: each video
 * that becomes public for the first time gets one `video_publications` row (kept by triggers on
 * `videos`, whatever made it public: processing, an edit, anything later), and a subscriber's
 * notifications join their subscriptions to it when read. A channel of 10,000 subscribers
 * costs its upload one row, and a video that goes private (or is hidden any other way through
 * its stored visibility) leaves every subscriber's list at once. The rest (a reply, a comment
 * on one's video, the end of processing) has one recipient and is a `notifications` row.
 * `new_video_reads` holds the new-video notifications read one by one; "mark all read" moves
 * `library_settings.notifications_read_before` instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('video_publications')
    .addColumn('video_id', 'varchar(24)', (c) =>
      c.primaryKey().references('videos.id').onDelete('cascade'),
    )
    .addColumn('channel_id', 'varchar(24)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('published_at', 'bigint', (c) => c.notNull())
    .execute();
  // Per subscribed channel, its publications since a time, newest first.
  await db.schema
    .createIndex('video_publications_channel')
    .on('video_publications')
    .columns(['channel_id', 'published_at', 'video_id'])
    .execute();
  // Public videos from before count as published when they were uploaded.
  await sql`insert into video_publications (video_id, channel_id, published_at)
    select id, owner_id, created_at from videos where visibility = 'public'`.execute(db);

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(24)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('kind', 'varchar(20)', (c) =>
      c
        .notNull()
        .check(
          sql`kind in ('comment_reply', 'video_comment', 'processing_done', 'processing_failed')`,
        ),
    )
    .addColumn('video_id', 'varchar(24)', (c) =>
      c.notNull().references('videos.id').onDelete('cascade'),
    )
    .addColumn('comment_id', 'varchar(24)', (c) => c.references('comments.id').onDelete('cascade'))
    .addColumn('actor_id', 'varchar(24)', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('read_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('notifications_user_created')
    .on('notifications')
    .columns(['user_id', 'created_at', 'id'])
    .execute();
  // For the cascades from a deleted video, comment or user.
  await db.schema
    .createIndex('notifications_video')
    .on('notifications')
    .column('video_id')
    .execute();
  await db.schema
    .createIndex('notifications_comment')
    .on('notifications')
    .column('comment_id')
    .execute();
  await db.schema
    .createIndex('notifications_actor')
    .on('notifications')
    .column('actor_id')
    .execute();

  await db.schema
    .createTable('new_video_reads')
    .addColumn('user_id', 'varchar(24)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('video_id', 'varchar(24)', (c) =>
      c.notNull().references('videos.id').onDelete('cascade'),
    )
    .addColumn('read_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('new_video_reads_pk', ['user_id', 'video_id'])
    .execute();
  await db.schema
    .createIndex('new_video_reads_video')
    .on('new_video_reads')
    .column('video_id')
    .execute();

  if (dialectOf(db) === 'postgres') await postgresTriggers(db);
  else await sqliteTriggers(db);
}

// A row inserted public was published when it was made; one turned public later, now (the
// database's clock: the statements that publish, such as processing's, carry no time).
async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`create function videos_published() returns trigger language plpgsql as $$
    begin
      insert into video_publications (video_id, channel_id, published_at)
        values (new.id, new.owner_id, case when tg_op = 'INSERT' then new.created_at
          else (extract(epoch from clock_timestamp()) * 1000)::bigint end)
        on conflict (video_id) do nothing;
      return null;
    end $$`.execute(db);
  await sql`create trigger videos_published after insert or update of visibility on videos
    for each row when (new.visibility = 'public')
    execute function videos_published()`.execute(db);
}

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`create trigger videos_published_insert after insert on videos
    when new.visibility = 'public' begin
    insert into video_publications (video_id, channel_id, published_at)
      values (new.id, new.owner_id, new.created_at)
      on conflict (video_id) do nothing;
  end`.execute(db);
  await sql`create trigger videos_published_update after update of visibility on videos
    when new.visibility = 'public' and old.visibility <> 'public' begin
    insert into video_publications (video_id, channel_id, published_at)
      values (new.id, new.owner_id,
        cast((julianday('now') - 2440587.5) * 86400000 as integer))
      on conflict (video_id) do nothing;
  end`.execute(db);
}
