import type { Kysely } from 'kysely';

/**
 * `library_settings.history_resumed_at`: when the viewer last resumed a paused history. A
 * position stored before the pause is no baseline for the first heartbeat after it: the paused
 * time was already credited from `paused_watch_heartbeats` (migration 116).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('library_settings')
    .addColumn('history_resumed_at', 'bigint')
    .execute();
}
