import type { Kysely } from 'kysely';

/**
 * `videos.reprocess_token`: while an operator's reprocess of a ready video runs, the media token
 * whose prefix receives its new outputs. The video keeps playing from `media_token` meanwhile;
 * a finished reprocess makes this the video's token (services/video-media.ts `adoptPrefix`),
 * a failed one removes that prefix and clears it. Null when no reprocess is pending.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('videos').addColumn('reprocess_token', 'varchar(16)').execute();
}
