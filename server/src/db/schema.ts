import type { CommentsMode, Role, Visibility } from '@contract';
import { integer, real, text, type Row, type TableColumns } from './table-columns.js';

/**
 * Every table the migrations make, with its columns: the one declaration of the schema besides
 * the migrations themselves. Kysely's types below are derived from it, and
 * test/declared-schema.api.test.ts compares it with a freshly migrated database on both
 * dialects (every table and column, nullability and storage class), so a column a migration
 * adds must be declared here before any query can name it. Times are epoch milliseconds on both
 * dialects, so date arithmetic is the same SQL.
 */
export const TABLES = {
  users: {
    id: text(),
    username: text(),
    email: text(),
    full_name: text(),
    password_hash: text().nullable(),
    avatar_key: text(),
    cover_key: text().nullable(),
    created_at: integer(),
    /** The channel's videos, all and public, kept by triggers on `videos` (migration 014). */
    all_videos_count: integer().generated(),
    public_videos_count: integer().generated(),
    /** The channel's subscribers, kept by triggers on `subscriptions` (migration 111). */
    subscribers_count: integer().generated(),
    /** 'admin', 'moderator' or 'user' (migration 050). */
    role: text<Role>().generated(),
    /** Set while staff keep the account suspended: no sign-in, its content hidden from others. */
    suspended_at: integer().nullable(),
    suspension_reason: text().nullable(),
    /** 1 while a sign-up waits for a moderator's approval (registration mode `approval`). */
    awaiting_approval: integer().generated(),
    /** Overrides the instance's default storage quota for this user; null: the default. */
    quota_bytes: integer().nullable(),
    /** 1 once the person followed a link sent to `email` (migration 060). */
    email_verified: integer().generated(),
    bio: text().generated(),
    /** Two-factor sign-in: the secret in use, one awaiting its first code, the last step used. */
    totp_secret: text().nullable(),
    totp_pending_secret: text().nullable(),
    totp_last_step: integer().nullable(),
  },
  sessions: {
    token_hash: text(),
    user_id: text(),
    created_at: integer(),
    expires_at: integer(),
    /** Moved forward at most once a minute while the session is used (idle timeout). */
    last_seen_at: integer(),
    /**
     * The id the owner sees and ends it by (migration 060); the token hash stays secret. Every
     * insert names one and 060 gave the older rows theirs, though the column allows null.
     */
    id: text().nullable(),
    user_agent: text(),
    address: text(),
  },
  /** A link sent by mail: verify an address, reset a password (migration 060). */
  account_tokens: {
    token_hash: text(),
    user_id: text(),
    purpose: text<'verify-email' | 'change-email' | 'password-reset'>(),
    /** The address the link was sent to; an address change takes effect when it is confirmed. */
    email: text(),
    created_at: integer(),
    expires_at: integer(),
    used_at: integer().nullable(),
  },
  /** One unused recovery code of an account with two-factor sign-in, hashed. */
  totp_recovery_codes: {
    user_id: text(),
    code_hash: text(),
    created_at: integer(),
  },
  /** A username that moved: the channel is found by it (and it stays reserved) until it expires. */
  username_redirects: {
    old_username: text(),
    user_id: text(),
    expires_at: integer(),
  },
  /** A message on its way out (migration 060): deleted once delivered. */
  mail_outbox: {
    id: text(),
    to_address: text(),
    subject: text(),
    text_body: text(),
    html_body: text(),
    state: text<'queued' | 'sending' | 'failed'>(),
    attempts: integer().generated(),
    run_after: integer(),
    lease_owner: text().nullable(),
    lease_expires_at: integer().nullable(),
    last_error: text().nullable(),
    created_at: integer(),
  },
  login_failures: {
    account: text(),
    failures: integer(),
    locked_until: integer(),
    updated_at: integer(),
  },
  google_link_requests: {
    token_hash: text(),
    provider: text(),
    subject: text(),
    email: text(),
    full_name: text(),
    user_id: text(),
    return_to: text(),
    expires_at: integer(),
  },
  rate_limits: {
    bucket: text(),
    subject: text(),
    window_start: integer(),
    hits: integer(),
  },
  videos: {
    id: text(),
    owner_id: text(),
    title: text(),
    description: text(),
    hashtag: text(),
    visibility: text<Visibility>(),
    duration: real(),
    views: integer().generated(),
    /** The prefix `videos/{id}/{media_token}/` holds the video's files; a row without one has none. */
    media_token: text().nullable(),
    video_key: text(),
    thumbnail_key: text(),
    created_at: integer(),
    updated_at: integer(),
    /** Likes (not dislikes) and comments (replies included), kept by triggers (migration 010). */
    likes_count: integer().generated(),
    comments_count: integer().generated(),
    /** Moves with anything a page of this video's comments shows (migration 012). */
    comments_version: integer().generated(),
    /** Moves with anything this video's list entry shows besides views (migration 013). */
    card_version: integer().generated(),
    /** Processing (migration 021): 'processing' until every output exists, or 'failed'. */
    status: text<'processing' | 'ready' | 'failed'>().generated(),
    /** 1 once something plays; until then `visibility` is 'private' (see pending_visibility). */
    playable: integer().generated(),
    processing_progress: integer().generated(),
    processing_error: text().nullable(),
    /** The owner's visibility while the video cannot play yet; applied when it can. */
    pending_visibility: text<Visibility>().nullable(),
    /** The upload as received under the prefix (`original.mov`); null before processing existed. */
    original_name: text().nullable(),
    /** 1 once `hls/master.m3u8` under the prefix lists a rendition. */
    hls_ready: integer().generated(),
    /** 1 once `storyboard.vtt` and its sprite exist under the prefix. */
    storyboard_ready: integer().generated(),
    /**
     * Set while staff block the video (migration 051): with `owner_suspended` and `playable` it
     * decides the stored visibility (repositories/video-holds.ts).
     */
    blocked_at: integer().nullable(),
    blocked_reason: text().nullable(),
    /** 1 while the owner's account is suspended. */
    owner_suspended: integer().generated(),
    /** 'open', 'held' (new comments wait for the owner's approval) or 'off'. */
    comments_mode: text<CommentsMode>().generated(),
    /**
     * Bytes the video keeps in the media store: original, thumbnail and every output (040), so a
     * user's usage is a sum over their videos. Set at upload and when a job's outputs are stored.
     */
    stored_bytes: integer().generated(),
    /** The original's share of `stored_bytes` (0 once dropped with KEEP_ORIGINALS=false). */
    original_bytes: integer().generated(),
    /**
     * While an operator's reprocess runs, the token whose prefix receives the new outputs; the
     * video plays from `media_token` until they are all there (migration 052).
     */
    reprocess_token: text().nullable(),
  },
  /** One per video being processed (or that failed): the durable queue (migration 021). */
  processing_jobs: {
    id: text(),
    /** The handler that runs it (processing/job-kinds.ts). */
    kind: text(),
    /** The video it works on, when it works on one (one job per kind and video). */
    video_id: text().nullable(),
    /** Whose work it is: a user's jobs take turns with other users' (fair_key). */
    owner_id: text().nullable(),
    /** JSON the handler reads, when its kind needs more than the video. */
    payload: text().nullable(),
    /** 0 runs before 1: making a video playable comes before finishing anyone's ladder. */
    priority: integer(),
    /** Within a priority, jobs run in this order (epoch ms, spaced out per owner). */
    fair_key: integer(),
    /** A finished job's row is deleted; a failed one stays until the owner retries. */
    state: text<'queued' | 'running' | 'failed'>(),
    /** Claims so far, counting ones whose worker died. */
    attempts: integer().generated(),
    /** Not claimed before this time (epoch ms): backoff after a failure. */
    run_after: integer(),
    lease_owner: text().nullable(),
    lease_expires_at: integer().nullable(),
    last_error: text().nullable(),
    created_at: integer(),
    updated_at: integer(),
  },
  /** A resumable upload not yet published (migration 040). */
  uploads: {
    /** The last path segment of its URL. */
    id: text(),
    owner_id: text(),
    /** Declared at creation (Upload-Length), reserved against the owner's quotas. */
    size: integer(),
    filename: text(),
    filetype: text(),
    state: text<'open' | 'publishing'>(),
    created_at: integer(),
    expires_at: integer(),
    /** Which request holds the upload's tus lock, until when (renewed while held). */
    lock_holder: text().nullable(),
    lock_expires_at: integer().nullable(),
    /** 1 when another request waits for the lock: its holder lets go (tus's lock request). */
    lock_wanted: integer().generated(),
  },
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
  /** A video's caption track per language; the file is `captions/{file_name}` under its prefix (083). */
  video_captions: {
    video_id: text(),
    language: text(),
    label: text(),
    file_name: text(),
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
  /** Watch time per video and UTC day (`floor(epoch ms / 86400000)`). */
  video_watch_time: {
    video_id: text(),
    day: integer(),
    watch_ms: integer(),
  },
  /** A provider account (`provider`, its `sub`) linked to a user. */
  user_identities: {
    provider: text(),
    subject: text(),
    user_id: text(),
    created_at: integer(),
  },
  /** An authorisation request in progress, keyed by the SHA-256 of its `state`; used once. */
  oauth_flows: {
    state_hash: text(),
    provider: text(),
    code_verifier: text(),
    nonce: text(),
    /** Same-site path to land on after sign-in. */
    return_to: text(),
    expires_at: integer(),
  },
  /** Videos per visibility, kept by triggers on `videos`. */
  video_counts: {
    visibility: text(),
    n: integer(),
  },
  /** One row (id 1) whose `n` changes with anything search results depend on (migration 009). */
  search_generation: {
    id: integer(),
    n: integer(),
  },
  /** One row: the hash of the derived-data triggers the database has (migration 110). */
  derived_data_state: {
    id: integer(),
    hash: text(),
  },
  /**
   * SQLite only: the FTS5 trigram index of public videos, kept by triggers. The rowid orders
   * rows by creation time (see migration 007).
   */
  videos_fts: {
    rowid: integer(),
    video_id: text(),
    title: text(),
    hashtag: text(),
  },
  /** A user's library settings, once changed (migration 070); absent means the defaults. */
  library_settings: {
    user_id: text(),
    /** 1: watching records no history. */
    history_paused: integer().generated(),
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
  /** One staff or command-line action (migration 050); `actor_id` null for the command line. */
  audit_log: {
    id: text(),
    action: text(),
    actor_id: text().nullable(),
    actor_username: text().nullable(),
    target_type: text(),
    target_id: text(),
    reason: text().nullable(),
    created_at: integer(),
  },
  /** A report a signed-in user made to staff (migration 051). */
  reports: {
    id: text(),
    reporter_id: text(),
    target_type: text<'video' | 'comment' | 'channel'>(),
    target_id: text(),
    reason: text<'spam' | 'harassment' | 'sexual' | 'violence' | 'copyright' | 'other'>(),
    details: text().nullable(),
    state: text<'open' | 'resolved' | 'dismissed'>().generated(),
    created_at: integer(),
    resolved_at: integer().nullable(),
    resolved_by: text().nullable(),
    resolved_by_username: text().nullable(),
    note: text().nullable(),
  },
  /** One instance setting, its value as JSON. */
  instance_settings: {
    key: text(),
    value: text(),
    updated_at: integer(),
  },
  /** A user a creator keeps from commenting on their videos. */
  channel_blocks: {
    channel_id: text(),
    blocked_id: text(),
    created_at: integer(),
  },
  /** A version of the server that ran migrations (migration 100). */
  schema_versions: {
    version: text(),
    migrated_at: integer(),
    /** The migrations it ran then, comma-separated. */
    migrations: text(),
  },
} satisfies Record<string, TableColumns>;

/**
 * SQLite's full-text tables (migration 007): only on SQLite, their columns carry neither a type
 * nor a constraint, and `rowid` is SQLite's own key rather than a declared column.
 */
export const SQLITE_FTS5_TABLES: readonly TableName[] = ['videos_fts'];

export type TableName = keyof typeof TABLES;

/** The names of a declared table's columns. */
export type ColumnOf<T extends TableName> = keyof (typeof TABLES)[T] & string;

export type Database = { [T in TableName]: Row<(typeof TABLES)[T]> };

/** Each table's row type by name, for signatures. */
export type UsersTable = Database['users'];
export type SessionsTable = Database['sessions'];
export type RateLimitsTable = Database['rate_limits'];
export type LoginFailuresTable = Database['login_failures'];
export type GoogleLinkRequestsTable = Database['google_link_requests'];
export type VideosTable = Database['videos'];
export type SubscriptionsTable = Database['subscriptions'];
export type LikesTable = Database['likes'];
export type VideoViewsTable = Database['video_views'];
export type VideoViewGuardsTable = Database['video_view_guards'];
export type VideoViewHoursTable = Database['video_view_hours'];
export type FeedTokensTable = Database['feed_tokens'];
export type VideoCaptionsTable = Database['video_captions'];
export type WatchHistoryTable = Database['watch_history'];
export type CommentsTable = Database['comments'];
export type SubscriptionEventsTable = Database['subscription_events'];
export type WatchProgressTable = Database['watch_progress'];
export type VideoWatchTimeTable = Database['video_watch_time'];
export type UserIdentitiesTable = Database['user_identities'];
export type OauthFlowsTable = Database['oauth_flows'];
export type VideoCountsTable = Database['video_counts'];
export type SearchGenerationTable = Database['search_generation'];
export type VideosFtsTable = Database['videos_fts'];
export type ProcessingJobsTable = Database['processing_jobs'];
export type LibrarySettingsTable = Database['library_settings'];
export type PlaylistsTable = Database['playlists'];
export type PlaylistItemsTable = Database['playlist_items'];
export type VideoPublicationsTable = Database['video_publications'];
export type NotificationsTable = Database['notifications'];
export type NewVideoReadsTable = Database['new_video_reads'];
export type AuditLogTable = Database['audit_log'];
export type ReportsTable = Database['reports'];
export type InstanceSettingsTable = Database['instance_settings'];
export type ChannelBlocksTable = Database['channel_blocks'];
export type SchemaVersionsTable = Database['schema_versions'];
export type UploadsTable = Database['uploads'];
export type AccountTokensTable = Database['account_tokens'];
export type TotpRecoveryCodesTable = Database['totp_recovery_codes'];
export type UsernameRedirectsTable = Database['username_redirects'];
export type MailOutboxTable = Database['mail_outbox'];
