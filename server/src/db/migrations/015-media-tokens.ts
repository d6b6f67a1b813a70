import type { Kysely } from 'kysely';

/**
 * `videos.media_token`: the 16 hex characters in the prefix every key of a video lives under
 * (`videos/{id}/{token}/…`). A new token moves the prefix, so URLs handed out before stop
 * working; rows made before this migration keep null and their old keys until then.
 * The media route maps a key back to the row that references it, so thumbnails, avatars and
 * covers are looked up by key: those columns get indexes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('videos').addColumn('media_token', 'varchar(16)').execute();
  await db.schema
    .createIndex('videos_thumbnail_key')
    .on('videos')
    .column('thumbnail_key')
    .execute();
  await db.schema.createIndex('users_avatar_key').on('users').column('avatar_key').execute();
  await db.schema.createIndex('users_cover_key').on('users').column('cover_key').execute();
}
