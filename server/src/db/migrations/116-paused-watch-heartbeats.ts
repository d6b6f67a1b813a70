import type { Kysely } from 'kysely';

/**
 * `paused_watch_heartbeats`: where a viewer whose history is paused was at their last heartbeat,
 * the baseline their next one is credited against. It is not their history (nothing serves or
 * exports it, resuming or clearing the history empties it, housekeeping drops it after a day),
 * but it is a row, so every server process and machine credits against the same one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('paused_watch_heartbeats')
    .addColumn('user_id', 'varchar(24)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('video_id', 'varchar(24)', (c) =>
      c.notNull().references('videos.id').onDelete('cascade'),
    )
    .addColumn('position', 'double precision', (c) => c.notNull())
    .addColumn('heard_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('paused_watch_heartbeats_pk', ['user_id', 'video_id'])
    .execute();
  // Deleting a video cascades here. No index on heard_at: every heartbeat moves it, and the
  // hourly prune reads a table that holds only the last day's paused viewers.
  await db.schema
    .createIndex('paused_watch_heartbeats_video')
    .on('paused_watch_heartbeats')
    .column('video_id')
    .execute();
}
