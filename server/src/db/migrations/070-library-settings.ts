import type { Kysely } from 'kysely';

/**
 * One row per user who changed a library setting (absent: the defaults): whether watching
 * records history, which kinds of notification they want, and up to when every notification
 * counts as read ("mark all read"). Its own table, so accounts keep their columns.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  let table = db.schema
    .createTable('library_settings')
    .addColumn('user_id', 'varchar(24)', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('history_paused', 'integer', (c) => c.notNull().defaultTo(0));
  for (const kind of [
    'new_video',
    'comment_reply',
    'video_comment',
    'processing_done',
    'processing_failed',
  ]) {
    table = table.addColumn(`notify_${kind}`, 'integer', (c) => c.notNull().defaultTo(1));
  }
  await table
    .addColumn('notifications_read_before', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}
