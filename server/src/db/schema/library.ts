import type { Visibility } from '@contract';
import { integer, text, type TableColumns } from '../table-columns.js';

/**
 * A viewer's library: its settings, playlists, notifications and the publications they draw on.
 * Part of `TABLES` (db/schema.ts).
 */
export const LIBRARY_TABLES = {
  /** A user's library settings, once changed (migration 070); absent means the defaults. */
  library_settings: {
    user_id: text(),
    /** 1: watching records no history. */
    history_paused: integer().generated(),
    /** When a paused history was last resumed (epoch ms; migration 117). */
    history_resumed_at: integer().nullable(),
    notify_new_video: integer().generated(),
    notify_comment_reply: integer().generated(),
    notify_video_comment: integer().generated(),
    notify_processing_done: integer().generated(),
    notify_processing_failed: integer().generated(),
    /** Every notification up to this time (epoch ms) counts as read. */
    notifications_read_before: integer().generated(),
    updated_at: integer(),
  },
  /** A playlist, or a user's Watch later (kind `watch_later`, at most one each; migration 071). */
  playlists: {
    id: text(),
    owner_id: text(),
    kind: text<'playlist' | 'watch_later'>(),
    title: text(),
    description: text(),
    visibility: text<Visibility>(),
    created_at: integer(),
    updated_at: integer(),
  },
  /** A video in a playlist; `position` is a sort key with gaps, not the index. */
  playlist_items: {
    playlist_id: text(),
    video_id: text(),
    position: integer(),
    added_at: integer(),
  },
  /** When a video first became public, kept by triggers on `videos` (migration 072). */
  video_publications: {
    video_id: text(),
    channel_id: text(),
    published_at: integer(),
  },
  /** A notification with one recipient; new videos of subscribed channels are joined when read. */
  notifications: {
    id: text(),
    user_id: text(),
    kind: text<'comment_reply' | 'video_comment' | 'processing_done' | 'processing_failed'>(),
    video_id: text(),
    comment_id: text().nullable(),
    actor_id: text().nullable(),
    created_at: integer(),
    read_at: integer().nullable(),
  },
  /** A new-video notification read on its own (the rest are read by `notifications_read_before`). */
  new_video_reads: {
    user_id: text(),
    video_id: text(),
    read_at: integer(),
  },
} satisfies Record<string, TableColumns>;
