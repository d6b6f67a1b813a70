import type { Generated } from 'kysely';
import type { CommentsMode, Role } from '@contract';

/** Times are epoch milliseconds on both dialects, so date arithmetic is the same SQL. */
export interface UsersTable {
  id: string;
  username: string;
  email: string;
  full_name: string;
  password_hash: string | null;
  avatar_key: string;
  cover_key: string | null;
  created_at: number;
  /** The channel's videos, all and public, kept by triggers on `videos` (migration 014). */
  all_videos_count: Generated<number>;
  public_videos_count: Generated<number>;
  /** 'admin', 'moderator' or 'user' (migration 050). */
  role: Generated<Role>;
  /** Set while staff keep the account suspended: no sign-in, its content hidden from others. */
  suspended_at: number | null;
  suspension_reason: string | null;
  /** 1 while a sign-up waits for a moderator's approval (registration mode `approval`). */
  awaiting_approval: Generated<number>;
  /** Overrides the instance's default storage quota for this user; null: the default. */
  quota_bytes: number | null;
  /** 1 once the person followed a link sent to `email` (migration 060). */
  email_verified: Generated<number>;
  bio: Generated<string>;
  /** Two-factor sign-in: the secret in use, one awaiting its first code, the last step used. */
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_last_step: number | null;
}

export interface SessionsTable {
  token_hash: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  /** Moved forward at most once a minute while the session is used (idle timeout). */
  last_seen_at: number;
  /** The id the owner sees and ends it by (migration 060); the token hash stays secret. */
  id: string;
  user_agent: string;
  address: string;
}

/** A link sent by mail: verify an address, reset a password (migration 060). */
export interface AccountTokensTable {
  token_hash: string;
  user_id: string;
  purpose: 'verify-email' | 'change-email' | 'password-reset';
  /** The address the link was sent to; an address change takes effect when it is confirmed. */
  email: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** One unused recovery code of an account with two-factor sign-in, hashed. */
export interface TotpRecoveryCodesTable {
  user_id: string;
  code_hash: string;
  created_at: number;
}

/** A username that moved: the channel is found by it (and it stays reserved) until it expires. */
export interface UsernameRedirectsTable {
  old_username: string;
  user_id: string;
  expires_at: number;
}

/** A message on its way out (migration 060): deleted once delivered. */
export interface MailOutboxTable {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  state: 'queued' | 'sending' | 'failed';
  attempts: Generated<number>;
  run_after: number;
  lease_owner: string | null;
  lease_expires_at: number | null;
  last_error: string | null;
  created_at: number;
}

export interface LoginFailuresTable {
  account: string;
  failures: number;
  locked_until: number;
  updated_at: number;
}

export interface GoogleLinkRequestsTable {
  token_hash: string;
  provider: string;
  subject: string;
  email: string;
  full_name: string;
  user_id: string;
  return_to: string;
  expires_at: number;
}

export interface RateLimitsTable {
  bucket: string;
  subject: string;
  window_start: number;
  hits: number;
}

export interface VideosTable {
  id: string;
  owner_id: string;
  title: string;
  description: string;
  hashtag: string;
  visibility: 'private' | 'unlisted' | 'public';
  duration: number;
  views: Generated<number>;
  /** The prefix `videos/{id}/{media_token}/` holds the video's files; a row without one has none. */
  media_token: string | null;
  video_key: string;
  thumbnail_key: string;
  created_at: number;
  updated_at: number;
  /** Likes (not dislikes) and comments (replies included), kept by triggers (migration 010). */
  likes_count: Generated<number>;
  comments_count: Generated<number>;
  /** Moves with anything a page of this video's comments shows (migration 012). */
  comments_version: Generated<number>;
  /** Moves with anything this video's list entry shows besides views (migration 013). */
  card_version: Generated<number>;
  /** Processing (migration 021): 'processing' until every output exists, or 'failed'. */
  status: Generated<'processing' | 'ready' | 'failed'>;
  /** 1 once something plays; until then `visibility` is 'private' (see pending_visibility). */
  playable: Generated<number>;
  processing_progress: Generated<number>;
  processing_error: string | null;
  /** The owner's visibility while the video cannot play yet; applied when it can. */
  pending_visibility: 'private' | 'unlisted' | 'public' | null;
  /** The upload as received under the prefix (`original.mov`); null before processing existed. */
  original_name: string | null;
  /** 1 once `hls/master.m3u8` under the prefix lists a rendition. */
  hls_ready: Generated<number>;
  /** 1 once `storyboard.vtt` and its sprite exist under the prefix. */
  storyboard_ready: Generated<number>;
  /**
   * Set while staff block the video (migration 051): with `owner_suspended` and `playable` it
   * decides the stored visibility (repositories/video-holds.ts).
   */
  blocked_at: number | null;
  blocked_reason: string | null;
  /** 1 while the owner's account is suspended. */
  owner_suspended: Generated<number>;
  /** 'open', 'held' (new comments wait for the owner's approval) or 'off'. */
  comments_mode: Generated<CommentsMode>;
  /**
   * Bytes the video keeps in the media store: original, thumbnail and every output (040), so a
   * user's usage is a sum over their videos. Set at upload and when a job's outputs are stored.
   */
  stored_bytes: Generated<number>;
  /** The original's share of `stored_bytes` (0 once dropped with KEEP_ORIGINALS=false). */
  original_bytes: Generated<number>;
  /**
   * While an operator's reprocess runs, the token whose prefix receives the new outputs; the
   * video plays from `media_token` until they are all there (migration 052).
   */
  reprocess_token: string | null;
}

/** One per video being processed (or that failed): the durable queue (migration 021). */
export interface ProcessingJobsTable {
  id: string;
  /** The handler that runs it (processing/job-kinds.ts). */
  kind: string;
  /** The video it works on, when it works on one (one job per kind and video). */
  video_id: string | null;
  /** Whose work it is: a user's jobs take turns with other users' (fair_key). */
  owner_id: string | null;
  /** JSON the handler reads, when its kind needs more than the video. */
  payload: string | null;
  /** 0 runs before 1: making a video playable comes before finishing anyone's ladder. */
  priority: number;
  /** Within a priority, jobs run in this order (epoch ms, spaced out per owner). */
  fair_key: number;
  /** A finished job's row is deleted; a failed one stays until the owner retries. */
  state: 'queued' | 'running' | 'failed';
  /** Claims so far, counting ones whose worker died. */
  attempts: Generated<number>;
  /** Not claimed before this time (epoch ms): backoff after a failure. */
  run_after: number;
  lease_owner: string | null;
  lease_expires_at: number | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
}

/** A resumable upload not yet published (migration 040). */
export interface UploadsTable {
  /** The last path segment of its URL. */
  id: string;
  owner_id: string;
  /** Declared at creation (Upload-Length), reserved against the owner's quotas. */
  size: number;
  filename: string;
  filetype: string;
  state: 'open' | 'publishing';
  created_at: number;
  expires_at: number;
  /** Which request holds the upload's tus lock, until when (renewed while held). */
  lock_holder: string | null;
  lock_expires_at: number | null;
  /** 1 when another request waits for the lock: its holder lets go (tus's lock request). */
  lock_wanted: Generated<number>;
}

export interface SubscriptionsTable {
  subscriber_id: string;
  channel_id: string;
  created_at: number;
}

export interface LikesTable {
  user_id: string;
  target_type: 'Video' | 'Comment';
  target_id: string;
  kind: 'like' | 'dislike';
  created_at: number;
  /**
   * 1 when the liked video is private and not the liker's own, so it is out of their
   * liked-videos list; kept by triggers (migration 011). Always 0 for comments.
   */
  target_hidden: Generated<number>;
}

export interface VideoViewsTable {
  id: string;
  video_id: string;
  viewer_id: string | null;
  viewed_at: number;
}

/** Counted views per video and hour (`floor(viewed_at / 3600000)`), kept by a trigger (081). */
export interface VideoViewHoursTable {
  hour: number;
  video_id: string;
  views: number;
}

/** The SHA-256 of a user's private subscriptions feed token (migration 082). */
export interface FeedTokensTable {
  user_id: string;
  token_hash: string;
  created_at: number;
}

/** A video's caption track per language; the file is `captions/{file_name}` under its prefix (083). */
export interface VideoCaptionsTable {
  video_id: string;
  language: string;
  label: string;
  file_name: string;
  created_at: number;
}

export interface VideoViewGuardsTable {
  video_id: string;
  /** `u:{userId}` for a signed-in viewer, else a hash of the client address. */
  viewer_key: string;
  counted_at: number;
}

export interface WatchHistoryTable {
  user_id: string;
  video_id: string;
  watched_at: number;
}

export interface CommentsTable {
  id: string;
  video_id: string;
  owner_id: string;
  /** Null for a top-level comment; a reply's parent is always top-level. */
  parent_id: string | null;
  content: string;
  created_at: number;
  updated_at: number;
  /** Likes (not dislikes) of this comment, kept by triggers on `likes` (migration 008). */
  likes_count: Generated<number>;
  /** 1 while the comment waits for the video owner's approval (migration 051). */
  held: Generated<number>;
  /** 1 while its author is suspended. */
  author_suspended: Generated<number>;
  /** 1 when it, or the comment it replies to, is held or by a suspended author. */
  hidden: Generated<number>;
}

/** One row per subscribe (+1) or unsubscribe (-1): the channel's subscriber count over time. */
export interface SubscriptionEventsTable {
  id: string;
  channel_id: string;
  subscriber_id: string;
  delta: 1 | -1;
  created_at: number;
}

/** Where a signed-in viewer stopped, and when: the next heartbeat is measured against it. */
export interface WatchProgressTable {
  user_id: string;
  video_id: string;
  /** Seconds into the video. */
  position: number;
  updated_at: number;
}

/** Watch time per video and UTC day (`floor(epoch ms / 86400000)`). */
export interface VideoWatchTimeTable {
  video_id: string;
  day: number;
  watch_ms: number;
}

/** A provider account (`provider`, its `sub`) linked to a user. */
export interface UserIdentitiesTable {
  provider: string;
  subject: string;
  user_id: string;
  created_at: number;
}

/** An authorisation request in progress, keyed by the SHA-256 of its `state`; used once. */
export interface OauthFlowsTable {
  state_hash: string;
  provider: string;
  code_verifier: string;
  nonce: string;
  /** Same-site path to land on after sign-in. */
  return_to: string;
  expires_at: number;
}

/** Videos per visibility, kept by triggers on `videos`. */
export interface VideoCountsTable {
  visibility: string;
  n: number;
}

/** One row (id 1) whose `n` changes with anything search results depend on (migration 009). */
export interface SearchGenerationTable {
  id: number;
  n: number;
}

/**
 * SQLite only: the FTS5 trigram index of public videos, kept by triggers. The rowid orders
 * rows by creation time (see migration 007).
 */
export interface VideosFtsTable {
  rowid: number;
  video_id: string;
  title: string;
  hashtag: string;
}

/** A user's library settings, once changed (migration 070); absent means the defaults. */
export interface LibrarySettingsTable {
  user_id: string;
  /** 1: watching records no history. */
  history_paused: Generated<number>;
  notify_new_video: Generated<number>;
  notify_comment_reply: Generated<number>;
  notify_video_comment: Generated<number>;
  notify_processing_done: Generated<number>;
  notify_processing_failed: Generated<number>;
  /** Every notification up to this time (epoch ms) counts as read. */
  notifications_read_before: Generated<number>;
  updated_at: number;
}

/** A playlist, or a user's Watch later (kind `watch_later`, at most one each; migration 071). */
export interface PlaylistsTable {
  id: string;
  owner_id: string;
  kind: 'playlist' | 'watch_later';
  title: string;
  description: string;
  visibility: 'private' | 'unlisted' | 'public';
  created_at: number;
  updated_at: number;
}

/** A video in a playlist; `position` is a sort key with gaps, not the index. */
export interface PlaylistItemsTable {
  playlist_id: string;
  video_id: string;
  position: number;
  added_at: number;
}

/** When a video first became public, kept by triggers on `videos` (migration 072). */
export interface VideoPublicationsTable {
  video_id: string;
  channel_id: string;
  published_at: number;
}

/** A notification with one recipient; new videos of subscribed channels are joined when read. */
export interface NotificationsTable {
  id: string;
  user_id: string;
  kind: 'comment_reply' | 'video_comment' | 'processing_done' | 'processing_failed';
  video_id: string;
  comment_id: string | null;
  actor_id: string | null;
  created_at: number;
  read_at: number | null;
}

/** A new-video notification read on its own (the rest are read by `notifications_read_before`). */
export interface NewVideoReadsTable {
  user_id: string;
  video_id: string;
  read_at: number;
}

/** One staff or command-line action (migration 050); `actor_id` null for the command line. */
export interface AuditLogTable {
  id: string;
  action: string;
  actor_id: string | null;
  actor_username: string | null;
  target_type: string;
  target_id: string;
  reason: string | null;
  created_at: number;
}

/** A report a signed-in user made to staff (migration 051). */
export interface ReportsTable {
  id: string;
  reporter_id: string;
  target_type: 'video' | 'comment' | 'channel';
  target_id: string;
  reason: 'spam' | 'harassment' | 'sexual' | 'violence' | 'copyright' | 'other';
  details: string | null;
  state: Generated<'open' | 'resolved' | 'dismissed'>;
  created_at: number;
  resolved_at: number | null;
  resolved_by: string | null;
  resolved_by_username: string | null;
  note: string | null;
}

/** One instance setting, its value as JSON. */
export interface InstanceSettingsTable {
  key: string;
  value: string;
  updated_at: number;
}

/** A user a creator keeps from commenting on their videos. */
export interface ChannelBlocksTable {
  channel_id: string;
  blocked_id: string;
  created_at: number;
}

/** A version of the server that ran migrations (migration 100). */
export interface SchemaVersionsTable {
  version: string;
  migrated_at: number;
  /** The migrations it ran then, comma-separated. */
  migrations: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  rate_limits: RateLimitsTable;
  login_failures: LoginFailuresTable;
  google_link_requests: GoogleLinkRequestsTable;
  videos: VideosTable;
  subscriptions: SubscriptionsTable;
  likes: LikesTable;
  video_views: VideoViewsTable;
  video_view_guards: VideoViewGuardsTable;
  video_view_hours: VideoViewHoursTable;
  feed_tokens: FeedTokensTable;
  video_captions: VideoCaptionsTable;
  watch_history: WatchHistoryTable;
  comments: CommentsTable;
  subscription_events: SubscriptionEventsTable;
  watch_progress: WatchProgressTable;
  video_watch_time: VideoWatchTimeTable;
  user_identities: UserIdentitiesTable;
  oauth_flows: OauthFlowsTable;
  video_counts: VideoCountsTable;
  search_generation: SearchGenerationTable;
  videos_fts: VideosFtsTable;
  processing_jobs: ProcessingJobsTable;
  library_settings: LibrarySettingsTable;
  playlists: PlaylistsTable;
  playlist_items: PlaylistItemsTable;
  video_publications: VideoPublicationsTable;
  notifications: NotificationsTable;
  new_video_reads: NewVideoReadsTable;
  audit_log: AuditLogTable;
  reports: ReportsTable;
  instance_settings: InstanceSettingsTable;
  channel_blocks: ChannelBlocksTable;
  schema_versions: SchemaVersionsTable;
  uploads: UploadsTable;
  account_tokens: AccountTokensTable;
  totp_recovery_codes: TotpRecoveryCodesTable;
  username_redirects: UsernameRedirectsTable;
  mail_outbox: MailOutboxTable;
}
