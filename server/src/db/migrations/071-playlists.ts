import { sql, type Kysely } from 'kysely';

/**
 * Playlists and their videos. Watch later is a playlist of kind `watch_later`, at most one per
 * user (a partial unique index), made on first use. Items are ordered by `position`, a sort key
 * with gaps (appends add a step, a move takes the midpoint of its new neighbours, and the list is
 * renumbered only when two keys meet), so a move writes one row, and a video deleted anywhere
 * (its row cascades) leaves nothing to renumber.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('playlists')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('owner_id', 'varchar(24)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('kind', 'varchar(12)', (c) =>
      c.notNull().check(sql`kind in ('playlist', 'watch_later')`),
    )
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('visibility', 'varchar(8)', (c) =>
      c.notNull().check(sql`visibility in ('private', 'unlisted', 'public')`),
    )
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // A channel's playlists, newest first, per kind and visibility from the index alone.
  await db.schema
    .createIndex('playlists_owner_created')
    .on('playlists')
    .columns(['owner_id', 'kind', 'visibility', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('playlists_one_watch_later')
    .on('playlists')
    .column('owner_id')
    .unique()
    .where(sql.ref('kind'), '=', 'watch_later')
    .execute();

  await db.schema
    .createTable('playlist_items')
    .addColumn('playlist_id', 'varchar(24)', (c) =>
      c.notNull().references('playlists.id').onDelete('cascade'),
    )
    .addColumn('video_id', 'varchar(24)', (c) =>
      c.notNull().references('videos.id').onDelete('cascade'),
    )
    .addColumn('position', 'bigint', (c) => c.notNull())
    .addColumn('added_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('playlist_items_pk', ['playlist_id', 'video_id'])
    .execute();
  // A playlist in order (the page, its first video, a move's neighbours).
  await db.schema
    .createIndex('playlist_items_order')
    .on('playlist_items')
    .columns(['playlist_id', 'position', 'video_id'])
    .execute();
  // Which playlists hold a video (the Save menu), and its deletion's cascade.
  await db.schema
    .createIndex('playlist_items_video')
    .on('playlist_items')
    .columns(['video_id', 'playlist_id'])
    .execute();
}
