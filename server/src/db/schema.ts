import type { Row, TableColumns } from './table-columns.js';
import { ACCOUNT_TABLES } from './schema/accounts.js';
import { VIDEO_TABLES } from './schema/videos.js';
import { AUDIENCE_TABLES } from './schema/audience.js';
import { LIBRARY_TABLES } from './schema/library.js';
import { GOVERNANCE_TABLES } from './schema/governance.js';
import { BOOKKEEPING_TABLES } from './schema/bookkeeping.js';

/**
 * Every table the migrations make, with its columns: the one declaration of the schema besides
 * the migrations themselves. Kysely's types below are derived from it, and
 * test/declared-schema.api.test.ts compares it with a freshly migrated database on both
 * dialects (every table and column, nullability and storage class), so a column a migration
 * adds must be declared here before any query can name it. Times are epoch milliseconds on both
 * dialects, so date arithmetic is the same SQL. The tables are declared per domain under
 * db/schema/.
 */
export const TABLES = {
  ...ACCOUNT_TABLES,
  ...VIDEO_TABLES,
  ...AUDIENCE_TABLES,
  ...LIBRARY_TABLES,
  ...GOVERNANCE_TABLES,
  ...BOOKKEEPING_TABLES,
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
