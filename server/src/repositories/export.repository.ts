import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** Everything one person put here, for their copy of it: one query per kind, never per row. */
export class ExportRepository {
  constructor(private readonly db: Kysely<Database>) {}

  videosOf(userId: string) {
    return this.db
      .selectFrom('videos')
      .select([
        'id',
        'title',
        'description',
        'hashtag',
        'visibility',
        'pending_visibility',
        'duration',
        'views',
        'likes_count',
        'comments_count',
        'status',
        'media_token',
        'original_name',
        'video_key',
        'created_at',
        'updated_at',
      ])
      .where('owner_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  commentsOf(userId: string) {
    return this.db
      .selectFrom('comments')
      .select(['id', 'video_id', 'parent_id', 'content', 'created_at', 'updated_at'])
      .where('owner_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  likesOf(userId: string) {
    return this.db
      .selectFrom('likes')
      .select(['target_type', 'target_id', 'kind', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
  }

  subscriptionsOf(userId: string) {
    return this.db
      .selectFrom('subscriptions as s')
      .innerJoin('users as u', 'u.id', 's.channel_id')
      .select(['u.id as channel_id', 'u.username', 's.created_at'])
      .where('s.subscriber_id', '=', userId)
      .orderBy('s.created_at')
      .execute();
  }

  historyOf(userId: string) {
    return this.db
      .selectFrom('watch_history')
      .select(['video_id', 'watched_at'])
      .where('user_id', '=', userId)
      .orderBy('watched_at')
      .execute();
  }
}
