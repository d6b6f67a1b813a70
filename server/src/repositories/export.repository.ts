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

  /** The history with where the person stopped in each video, when they did. */
  historyOf(userId: string) {
    return this.db
      .selectFrom('watch_history as h')
      .leftJoin('watch_progress as p', (join) =>
        join.onRef('p.user_id', '=', 'h.user_id').onRef('p.video_id', '=', 'h.video_id'),
      )
      .select(['h.video_id', 'h.watched_at', 'p.position'])
      .where('h.user_id', '=', userId)
      .orderBy('h.watched_at')
      .orderBy('h.video_id')
      .execute();
  }

  /** Their playlists, Watch later among them. */
  playlistsOf(userId: string) {
    return this.db
      .selectFrom('playlists')
      .select(['id', 'kind', 'title', 'description', 'visibility', 'created_at', 'updated_at'])
      .where('owner_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /** Every video in their playlists, in each playlist's order. */
  playlistItemsOf(userId: string) {
    return this.db
      .selectFrom('playlist_items as i')
      .innerJoin('playlists as p', 'p.id', 'i.playlist_id')
      .select(['i.playlist_id', 'i.video_id', 'i.added_at'])
      .where('p.owner_id', '=', userId)
      .orderBy('i.playlist_id')
      .orderBy('i.position')
      .orderBy('i.video_id')
      .execute();
  }
}
