import { sql, type Expression, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Database, VideosTable } from '../db/schema.js';
import { newId } from '../lib/ids.js';

/**
 * The viewer's own like and subscription, as columns of a statement reading the video aliased
 * `v` (an anonymous viewer is '' and matches nothing): the watch page reads them with the
 * video, in one statement (VideoRepository.findForWatch).
 */
export function viewerEngagement(
  eb: ExpressionBuilder<Database & { v: VideosTable }, 'v'>,
  viewer: string | Expression<string>,
) {
  return [
    eb
      .selectFrom('likes')
      .select('kind')
      .where('target_type', '=', 'Video')
      .whereRef('target_id', '=', 'v.id')
      .where('user_id', '=', viewer)
      .as('viewer_kind'),
    eb
      .selectFrom('subscriptions')
      .select(sql<number>`count(*)`.as('n'))
      .whereRef('channel_id', '=', 'v.owner_id')
      .where('subscriber_id', '=', viewer)
      .as('viewer_subscribed'),
  ] as const;
}

export interface CountViewInput {
  videoId: string;
  viewerKey: string;
  viewerId: string | undefined;
  now: number;
  /** A viewer counts once per video within this window. */
  windowMs: number;
  /** False for the video's owner: no view is counted, but their history still records it. */
  audience?: boolean;
}

/** Likes, views and watch history around a video: SQL only. */
export class VideoEngagementRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Counts a view unless this viewer was counted within the window. The guard is one
   * conditional upsert, so concurrent requests cannot both pass it.
   */
  async countView(input: CountViewInput): Promise<{ counted: boolean; views: number }> {
    const { videoId, viewerKey, viewerId, now, windowMs, audience = true } = input;
    return this.db.transaction().execute(async (trx) => {
      const passed = audience
        ? await trx
            .insertInto('video_view_guards')
            .values({ video_id: videoId, viewer_key: viewerKey, counted_at: now })
            .onConflict((oc) =>
              oc
                .columns(['video_id', 'viewer_key'])
                .doUpdateSet({ counted_at: (eb) => eb.ref('excluded.counted_at') })
                .where('video_view_guards.counted_at', '<=', now - windowMs),
            )
            .returning('counted_at')
            .executeTakeFirst()
        : undefined;
      const counted = passed !== undefined;
      if (counted) {
        await trx
          .insertInto('video_views')
          .values({
            id: newId(now),
            video_id: videoId,
            viewer_id: viewerId ?? null,
            viewed_at: now,
          })
          .execute();
        await trx
          .updateTable('videos')
          .set((eb) => ({ views: eb('views', '+', 1) }))
          .where('id', '=', videoId)
          .execute();
      }
      // A viewer who paused their history leaves no entry (library_settings, migration 070).
      const paused =
        viewerId &&
        (await trx
          .selectFrom('library_settings')
          .select('history_paused')
          .where('user_id', '=', viewerId)
          .executeTakeFirst());
      if (viewerId && !(paused && Number(paused.history_paused) === 1)) {
        await trx
          .insertInto('watch_history')
          .values({ user_id: viewerId, video_id: videoId, watched_at: now })
          .onConflict((oc) => oc.columns(['user_id', 'video_id']).doUpdateSet({ watched_at: now }))
          .execute();
      }
      const row = await trx
        .selectFrom('videos')
        .select('views')
        .where('id', '=', videoId)
        .executeTakeFirstOrThrow();
      return { counted, views: Number(row.views) };
    });
  }

  /** Guards older than the window can no longer refuse a view. */
  async pruneViewGuards(before: number): Promise<void> {
    await this.db.deleteFrom('video_view_guards').where('counted_at', '<=', before).execute();
  }
}
