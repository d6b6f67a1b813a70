// The SQL each repository method sends, per dialect, for server/sql/queries/. Every public
// method of every repository has an entry (the types refuse a repository method without one),
// and each entry calls the method the way a service does, against fixture rows, so its real
// statements run and are recorded in order: a change to a query or a trigger's neighbour shows up
// in review as SQL. An entry that calls a method twice records both paths (a toggle on, then off).
// The entries live in queries-catalogue/, one file per repository or small group of them; this
// list is their order, which the fixtures' state depends on (each entry acts on what the ones
// before it left).
import type { RepositoryQueries } from './queries-catalogue/define.js';
import {
  USER_QUERIES,
  USERNAME_REDIRECT_QUERIES,
  EXPORT_QUERIES,
} from './queries-catalogue/users.js';
import {
  SESSION_QUERIES,
  ACCOUNT_TOKEN_QUERIES,
  TOTP_QUERIES,
  LOGIN_FAILURE_QUERIES,
  RATE_LIMIT_QUERIES,
  IDENTITY_QUERIES,
} from './queries-catalogue/sign-in.js';
import { MAIL_OUTBOX_QUERIES } from './queries-catalogue/mail-outbox.js';
import {
  SUBSCRIPTION_QUERIES,
  SUBSCRIPTION_FEED_QUERIES,
} from './queries-catalogue/subscriptions.js';
import { SEARCH_QUERIES } from './queries-catalogue/search.js';
import { SITEMAP_QUERIES, VIDEO_QUERIES } from './queries-catalogue/videos.js';
import { CAPTION_QUERIES } from './queries-catalogue/captions.js';
import { FEED_TOKEN_QUERIES } from './queries-catalogue/feed-tokens.js';
import { TRENDING_QUERIES } from './queries-catalogue/trending.js';
import { JOB_QUEUE_QUERIES, PROCESSING_QUERIES } from './queries-catalogue/processing.js';
import { UPLOAD_QUERIES, MEDIA_QUERIES } from './queries-catalogue/uploads.js';
import {
  VIDEO_ENGAGEMENT_QUERIES,
  LIKE_QUERIES,
  COMMENT_QUERIES,
  WATCH_PROGRESS_QUERIES,
} from './queries-catalogue/engagement.js';
import { STUDIO_QUERIES } from './queries-catalogue/studio.js';
import { GOVERNANCE_QUERIES } from './queries-catalogue/governance.js';
import {
  HISTORY_QUERIES,
  LIBRARY_SETTINGS_QUERIES,
  PLAYLIST_QUERIES,
  PLAYLIST_ITEM_QUERIES,
} from './queries-catalogue/library.js';
import {
  NOTIFICATION_FANOUT_QUERIES,
  NOTIFICATION_QUERIES,
} from './queries-catalogue/notifications.js';
import { ORPHAN_SWEEP_QUERIES } from './queries-catalogue/orphan-sweep.js';
import { ACCOUNT_DELETION_QUERIES } from './queries-catalogue/account-deletion.js';

export type { RepositoryQueries };

export const REPOSITORY_QUERIES: RepositoryQueries<unknown>[] = [
  USER_QUERIES,
  SESSION_QUERIES,
  ACCOUNT_TOKEN_QUERIES,
  MAIL_OUTBOX_QUERIES,
  USERNAME_REDIRECT_QUERIES,
  TOTP_QUERIES,
  EXPORT_QUERIES,
  LOGIN_FAILURE_QUERIES,
  RATE_LIMIT_QUERIES,
  IDENTITY_QUERIES,
  SUBSCRIPTION_FEED_QUERIES,
  SEARCH_QUERIES,
  VIDEO_QUERIES,
  SITEMAP_QUERIES,
  CAPTION_QUERIES,
  FEED_TOKEN_QUERIES,
  TRENDING_QUERIES,
  JOB_QUEUE_QUERIES,
  PROCESSING_QUERIES,
  UPLOAD_QUERIES,
  MEDIA_QUERIES,
  VIDEO_ENGAGEMENT_QUERIES,
  LIKE_QUERIES,
  COMMENT_QUERIES,
  SUBSCRIPTION_QUERIES,
  WATCH_PROGRESS_QUERIES,
  STUDIO_QUERIES,
  ...GOVERNANCE_QUERIES,
  HISTORY_QUERIES,
  LIBRARY_SETTINGS_QUERIES,
  PLAYLIST_QUERIES,
  PLAYLIST_ITEM_QUERIES,
  NOTIFICATION_FANOUT_QUERIES,
  NOTIFICATION_QUERIES,
  ORPHAN_SWEEP_QUERIES,
  // Last: it deletes the viewer the entries above act on.
  ACCOUNT_DELETION_QUERIES,
];
