import { integer, real, text, type TableColumns } from '../table-columns.js';

/**
 * What viewers do: subscriptions, likes, comments, views, watch time and progress, feed tokens.
 * Part of `TABLES` (db/schema.ts).
 */
export const AUDIENCE_TABLES = {
  subscriptions: {
    subscriber_id: text(),
    channel_id: text(),
    created_at: integer(),
  },
  likes: {
    user_id: text(),
    target_type: text<'Video' | 'Comment'>(),
    target_id: text(),
    kind: text<'like' | 'dislike'>(),
    created_at: integer(),
    /**
     * 1 when the liked video is private and not the liker's own, so it is out of their
     * liked-videos list; kept by triggers (migration 011). Always 0 for comments.
     */
    target_hidden: integer().generated(),
  },
  video_views: {
    id: text(),
    video_id: text(),
    viewer_id: text().nullable(),
    viewed_at: integer(),
  },
  /** Counted views per video and hour (`floor(viewed_at / 3600000)`), kept by a trigger (081). */
  video_view_hours: {
    hour: integer(),
    video_id: text(),
    views: integer(),
  },
  /** The SHA-256 of a user's private subscriptions feed token (migration 082). */
  feed_tokens: {
    user_id: text(),
    token_hash: text(),
    created_at: integer(),
  },
  video_view_guards: {
    video_id: text(),
    /** `u:{userId}` for a signed-in viewer, else a hash of the client address. */
    viewer_key: text(),
    counted_at: integer(),
  },
  watch_history: {
    user_id: text(),
    video_id: text(),
    watched_at: integer(),
  },
  comments: {
    id: text(),
    video_id: text(),
    owner_id: text(),
    /** Null for a top-level comment; a reply's parent is always top-level. */
    parent_id: text().nullable(),
    content: text(),
    created_at: integer(),
    updated_at: integer(),
    /** Likes (not dislikes) of this comment, kept by triggers on `likes` (migration 008). */
    likes_count: integer().generated(),
    /** 1 while the comment waits for the video owner's approval (migration 051). */
    held: integer().generated(),
    /** 1 while its author is suspended. */
    author_suspended: integer().generated(),
    /** 1 when it, or the comment it replies to, is held or by a suspended author. */
    hidden: integer().generated(),
  },
  /** One row per subscribe (+1) or unsubscribe (-1): the channel's subscriber count over time. */
  subscription_events: {
    id: text(),
    channel_id: text(),
    subscriber_id: text(),
    delta: integer<1 | -1>(),
    created_at: integer(),
  },
  /** Where a signed-in viewer stopped, and when: the next heartbeat is measured against it. */
  watch_progress: {
    user_id: text(),
    video_id: text(),
    /** Seconds into the video. */
    position: real(),
    updated_at: integer(),
  },
  /**
   * While a viewer's history is paused, their last heartbeat per video (migration 116): the
   * baseline the next one is credited against, in place of `watch_progress`. Not history: no
   * endpoint serves it, the export leaves it out, resuming or clearing the history empties it.
   */
  paused_watch_heartbeats: {
    user_id: text(),
    video_id: text(),
    /** Seconds into the video. */
    position: real(),
    /** Epoch ms the heartbeat arrived. */
    heard_at: integer(),
  },
  /** Watch time per video and UTC day (`floor(epoch ms / 86400000)`). */
  video_watch_time: {
    video_id: text(),
    day: integer(),
    watch_ms: integer(),
  },
} satisfies Record<string, TableColumns>;
