import type { ColumnOf, TableName } from '../db/schema.js';

/**
 * The columns each row type reads, named: queries never select `*`. A table's new column is
 * then read only where a query asks for it, a statement prepared before a migration cannot
 * answer a different set of columns, and a secret column (a password hash) is never read by a
 * query that did not name it.
 */
export const VIDEO_COLUMNS = [
  'id',
  'owner_id',
  'title',
  'description',
  'hashtag',
  'visibility',
  'duration',
  'views',
  'video_key',
  'thumbnail_key',
  'created_at',
  'updated_at',
  'likes_count',
  'comments_count',
  'comments_version',
  'card_version',
  'media_token',
  'status',
  'playable',
  'processing_progress',
  'processing_error',
  'pending_visibility',
  'original_name',
  'hls_ready',
  'storyboard_ready',
  'blocked_at',
  'blocked_reason',
  'owner_suspended',
  'comments_mode',
] as const satisfies readonly ColumnOf<'videos'>[];

/** A user as the server holds one: everything but the password hash. */
export const USER_COLUMNS = [
  'id',
  'username',
  'email',
  'full_name',
  'avatar_key',
  'cover_key',
  'created_at',
  'all_videos_count',
  'public_videos_count',
  'role',
  'suspended_at',
  'suspension_reason',
  'awaiting_approval',
  'quota_bytes',
  'email_verified',
  'bio',
] as const satisfies readonly ColumnOf<'users'>[];

export const COMMENT_COLUMNS = [
  'id',
  'video_id',
  'owner_id',
  'parent_id',
  'content',
  'created_at',
  'updated_at',
  'likes_count',
  'held',
  'author_suspended',
  'hidden',
] as const satisfies readonly ColumnOf<'comments'>[];

export const WATCH_PROGRESS_COLUMNS = [
  'user_id',
  'video_id',
  'position',
  'updated_at',
] as const satisfies readonly ColumnOf<'watch_progress'>[];

export const OAUTH_FLOW_COLUMNS = [
  'state_hash',
  'provider',
  'code_verifier',
  'nonce',
  'return_to',
  'expires_at',
] as const satisfies readonly ColumnOf<'oauth_flows'>[];

export const LINK_REQUEST_COLUMNS = [
  'token_hash',
  'provider',
  'subject',
  'email',
  'full_name',
  'user_id',
  'return_to',
  'expires_at',
] as const satisfies readonly ColumnOf<'google_link_requests'>[];

/** A table's column list, each prefixed with the alias the query gives the table. */
export function qualified<A extends string, C extends string>(
  alias: A,
  columns: readonly C[],
): `${A}.${C}`[] {
  return columns.map((c) => `${alias}.${c}` as `${A}.${C}`);
}

/**
 * Compile-time: every column db/schema.ts declares for each table is either listed above or
 * left out here on purpose, so a column declared for a migration makes this file fail to
 * compile until someone decides.
 */
type Covers<
  T extends TableName,
  Listed extends ColumnOf<T>,
  LeftOut extends ColumnOf<T> = never,
> = [Exclude<ColumnOf<T>, Listed | LeftOut>] extends [never]
  ? true
  : { unlisted: Exclude<ColumnOf<T>, Listed | LeftOut> };

export const COLUMN_LISTS_COVER_THEIR_TABLES: [
  // Storage figures are read only by usage sums and the processing worker (040); a pending
  // reprocess's token only by reprocessing, media moves and the orphan sweep (052).
  Covers<
    'videos',
    (typeof VIDEO_COLUMNS)[number],
    'stored_bytes' | 'original_bytes' | 'reprocess_token'
  >,
  // The password hash is read only by the sign-in check (UserRepository.findCredentials).
  // The TOTP secrets are read only by the two-factor checks (UserRepository.totpOf).
  // The subscriber count only where it is shown (a channel's header, the watch page, the
  // studio, a list of subscriptions), not with every signed-in request's user.
  Covers<
    'users',
    (typeof USER_COLUMNS)[number],
    'password_hash' | 'totp_secret' | 'totp_pending_secret' | 'totp_last_step' | 'subscribers_count'
  >,
  Covers<'comments', (typeof COMMENT_COLUMNS)[number]>,
  Covers<'watch_progress', (typeof WATCH_PROGRESS_COLUMNS)[number]>,
  Covers<'oauth_flows', (typeof OAUTH_FLOW_COLUMNS)[number]>,
  Covers<'google_link_requests', (typeof LINK_REQUEST_COLUMNS)[number]>,
] = [true, true, true, true, true, true];

export type VideoColumn = (typeof VIDEO_COLUMNS)[number];
export type UserColumn = (typeof USER_COLUMNS)[number];
