CREATE TABLE "account_tokens" (
  "token_hash" varchar(64) primary key,
  "user_id" varchar(24) not null references "users" ("id") on delete cascade,
  "purpose" varchar(32) not null,
  "email" varchar(254) not null,
  "created_at" bigint not null,
  "expires_at" bigint not null,
  "used_at" bigint
);

CREATE TABLE "audit_log" (
  "id" varchar(24) primary key,
  "action" varchar(32) not null,
  "actor_id" varchar(24),
  "actor_username" varchar(30),
  "target_type" varchar(16) not null,
  "target_id" varchar(64) not null,
  "reason" text,
  "created_at" bigint not null
);

CREATE TABLE "channel_blocks" (
  "channel_id" varchar(24) not null references "users" ("id") on delete cascade,
  "blocked_id" varchar(24) not null references "users" ("id") on delete cascade,
  "created_at" bigint not null,
  constraint "channel_blocks_pk" primary key ("channel_id", "blocked_id"),
  constraint "channel_blocks_not_self" check (channel_id <> blocked_id)
);

CREATE TABLE "comments" (
  "id" varchar(24) primary key,
  "video_id" varchar(24) not null references "videos" ("id") on delete cascade,
  "owner_id" varchar(24) not null references "users" ("id") on delete cascade,
  "parent_id" varchar(24) references "comments" ("id") on delete cascade,
  "content" text not null,
  "created_at" bigint not null,
  "updated_at" bigint not null,
  "likes_count" bigint default 0 not null,
  "held" integer default 0 not null,
  "author_suspended" integer default 0 not null,
  "hidden" integer default 0 not null
);

CREATE TABLE "derived_data_state" (
  "id" integer primary key,
  "hash" varchar(64) not null
);

CREATE TABLE "feed_tokens" (
  "user_id" varchar(24) primary key references "users" ("id") on delete cascade,
  "token_hash" varchar(64) not null unique,
  "created_at" bigint not null
);

CREATE TABLE "google_link_requests" (
  "token_hash" varchar(64) primary key,
  "provider" varchar(32) not null,
  "subject" varchar(255) not null,
  "email" varchar(254) not null,
  "full_name" varchar(255) not null,
  "user_id" varchar(24) not null references "users" ("id") on delete cascade,
  "return_to" varchar(2048) not null,
  "expires_at" bigint not null
);

CREATE TABLE "instance_settings" (
  "key" varchar(64) primary key,
  "value" text not null,
  "updated_at" bigint not null
);

CREATE TABLE "library_settings" (
  "user_id" varchar(24) primary key references "users" ("id") on delete cascade,
  "history_paused" integer default 0 not null,
  "notify_new_video" integer default 1 not null,
  "notify_comment_reply" integer default 1 not null,
  "notify_video_comment" integer default 1 not null,
  "notify_processing_done" integer default 1 not null,
  "notify_processing_failed" integer default 1 not null,
  "notifications_read_before" bigint default 0 not null,
  "updated_at" bigint not null,
  "history_resumed_at" bigint
);

CREATE TABLE "likes" (
  "user_id" varchar(24) not null references "users" ("id") on delete cascade,
  "target_type" varchar(8) not null check (target_type in ('Video', 'Comment')),
  "target_id" varchar(24) not null,
  "kind" varchar(8) not null check (kind in ('like', 'dislike')),
  "created_at" bigint not null,
  "target_hidden" integer default 0 not null,
  constraint "likes_one_per_user" unique ("user_id", "target_type", "target_id")
);

CREATE TABLE "login_failures" (
  "account" varchar(320) primary key,
  "failures" integer not null,
  "locked_until" bigint not null,
  "updated_at" bigint not null
);

CREATE TABLE "mail_outbox" (
  "id" varchar(24) primary key,
  "to_address" varchar(254) not null,
  "subject" varchar(300) not null,
  "text_body" text not null,
  "html_body" text not null,
  "state" varchar(16) not null,
  "attempts" integer default 0 not null,
  "run_after" bigint not null,
  "lease_owner" varchar(100),
  "lease_expires_at" bigint,
  "last_error" varchar(1000),
  "created_at" bigint not null
);

CREATE TABLE "new_video_reads" (
  "user_id" varchar(24) not null references "users" ("id") on delete cascade,
  "video_id" varchar(24) not null references "videos" ("id") on delete cascade,
  "read_at" bigint not null,
  constraint "new_video_reads_pk" primary key ("user_id", "video_id")
);

CREATE TABLE "notifications" (
  "id" varchar(24) primary key,
  "user_id" varchar(24) not null references "users" ("id") on delete cascade,
  "kind" varchar(20) not null check (kind in ('comment_reply', 'video_comment', 'processing_done', 'processing_failed')),
  "video_id" varchar(24) not null references "videos" ("id") on delete cascade,
  "comment_id" varchar(24) references "comments" ("id") on delete cascade,
  "actor_id" varchar(24) references "users" ("id") on delete cascade,
  "created_at" bigint not null,
  "read_at" bigint
);

CREATE TABLE "oauth_flows" (
  "state_hash" varchar(64) primary key,
  "provider" varchar(32) not null,
  "code_verifier" varchar(128) not null,
  "nonce" varchar(128) not null,
  "return_to" varchar(2048) not null,
  "expires_at" bigint not null
);

CREATE TABLE "paused_watch_heartbeats" (
  "user_id" varchar(24) not null references "users" ("id") on delete cascade,
  "video_id" varchar(24) not null references "videos" ("id") on delete cascade,
  "position" double precision not null,
  "heard_at" bigint not null,
  constraint "paused_watch_heartbeats_pk" primary key ("user_id", "video_id")
);

CREATE TABLE "playlist_items" (
  "playlist_id" varchar(24) not null references "playlists" ("id") on delete cascade,
  "video_id" varchar(24) not null references "videos" ("id") on delete cascade,
  "position" bigint not null,
  "added_at" bigint not null,
  constraint "playlist_items_pk" primary key ("playlist_id", "video_id")
);

CREATE TABLE "playlists" (
  "id" varchar(24) primary key,
  "owner_id" varchar(24) not null references "users" ("id") on delete cascade,
  "kind" varchar(12) not null check (kind in ('playlist', 'watch_later')),
  "title" varchar(100) not null,
  "description" text not null,
  "visibility" varchar(8) not null check (visibility in ('private', 'unlisted', 'public')),
  "created_at" bigint not null,
  "updated_at" bigint not null
);

CREATE TABLE "processing_jobs" (
  id text primary key,
  kind text not null,
  video_id text references videos(id) on delete cascade,
  owner_id text references users(id) on delete cascade,
  payload text,
  priority integer not null,
  fair_key bigint not null,
  state text not null,
  attempts integer not null default 0,
  run_after bigint not null,
  lease_owner text,
  lease_expires_at bigint,
  last_error text,
  created_at bigint not null,
  updated_at bigint not null
);

CREATE TABLE "rate_limits" (
  "bucket" varchar(32) not null,
  "subject" varchar(300) not null,
  "window_start" bigint not null,
  "hits" integer not null,
  constraint "rate_limits_pk" primary key ("bucket", "subject", "window_start")
);

CREATE TABLE "reports" (
  "id" varchar(24) primary key,
  "reporter_id" varchar(24) not null references "users" ("id") on delete cascade,
  "target_type" varchar(8) not null check (target_type in ('video', 'comment', 'channel')),
  "target_id" varchar(24) not null,
  "reason" varchar(16) not null check (reason in ('spam', 'harassment', 'sexual', 'violence', 'copyright', 'other')),
  "details" text,
  "state" varchar(12) default 'open' not null check (state in ('open', 'resolved', 'dismissed')),
  "created_at" bigint not null,
  "resolved_at" bigint,
  "resolved_by" varchar(24),
  "resolved_by_username" varchar(30),
  "note" text
);

CREATE TABLE "schema_versions" (
  "version" varchar(64) not null,
  "migrated_at" bigint not null,
  "migrations" varchar(4000) not null,
  constraint "schema_versions_pk" primary key ("migrated_at", "version")
);

CREATE TABLE "search_generation" (
  "id" integer primary key,
  "n" bigint not null
);

CREATE TABLE "sessions" (
  "token_hash" varchar(64) primary key,
  "user_id" varchar(24) not null references "users" ("id") on delete cascade,
  "created_at" bigint not null,
  "expires_at" bigint not null,
  "last_seen_at" bigint default 0 not null,
  "id" varchar(24),
  "user_agent" varchar(512) default '' not null,
  "address" varchar(64) default '' not null
);

CREATE TABLE "subscription_events" (
  "id" varchar(24) primary key,
  "channel_id" varchar(24) not null references "users" ("id") on delete cascade,
  "subscriber_id" varchar(24) not null references "users" ("id") on delete cascade,
  "delta" integer not null check (delta in (1, -1)),
  "created_at" bigint not null
);

CREATE TABLE "subscriptions" (
  "subscriber_id" varchar(24) not null references "users" ("id") on delete cascade,
  "channel_id" varchar(24) not null references "users" ("id") on delete cascade,
  "created_at" bigint not null,
  constraint "subscriptions_pk" primary key ("subscriber_id", "channel_id"),
  constraint "subscriptions_not_self" check (subscriber_id <> channel_id)
);

CREATE TABLE "totp_recovery_codes" (
  "user_id" varchar(24) not null references "users" ("id") on delete cascade,
  "code_hash" varchar(64) not null,
  "created_at" bigint not null,
  constraint "totp_recovery_codes_pk" primary key ("user_id", "code_hash")
);

CREATE TABLE "uploads" (
  "id" text primary key,
  "owner_id" text not null references "users" ("id") on delete cascade,
  "size" bigint not null,
  "filename" text not null,
  "filetype" text not null,
  "state" text not null,
  "created_at" bigint not null,
  "expires_at" bigint not null,
  "lock_holder" text,
  "lock_expires_at" bigint,
  "lock_wanted" integer default 0 not null
);

CREATE TABLE "user_identities" (
  "provider" varchar(32) not null,
  "subject" varchar(255) not null,
  "user_id" varchar(24) not null references "users" ("id") on delete cascade,
  "created_at" bigint not null,
  constraint "user_identities_pk" primary key ("provider", "subject")
);

CREATE TABLE "username_redirects" (
  "old_username" varchar(30) primary key,
  "user_id" varchar(24) not null references "users" ("id") on delete cascade,
  "expires_at" bigint not null
);

CREATE TABLE "users" (
  "id" varchar(24) primary key,
  "username" varchar(30) not null unique,
  "email" varchar(254) not null unique,
  "full_name" varchar(80) not null,
  "password_hash" text,
  "avatar_key" text not null,
  "cover_key" text,
  "created_at" bigint not null,
  "all_videos_count" bigint default 0 not null,
  "public_videos_count" bigint default 0 not null,
  "role" varchar(16) default 'user' not null check (role in ('admin', 'moderator', 'user')),
  "suspended_at" bigint,
  "suspension_reason" text,
  "awaiting_approval" integer default 0 not null,
  "quota_bytes" bigint,
  "email_verified" integer default 0 not null,
  "bio" varchar(1000) default '' not null,
  "totp_secret" varchar(64),
  "totp_pending_secret" varchar(64),
  "totp_last_step" bigint,
  "subscribers_count" bigint default 0 not null
);

CREATE TABLE "video_captions" (
  "video_id" varchar(24) not null references "videos" ("id") on delete cascade,
  "language" varchar(35) not null,
  "label" varchar(50) not null,
  "file_name" varchar(100) not null,
  "created_at" bigint not null,
  constraint "video_captions_pk" primary key ("video_id", "language")
);

CREATE TABLE "video_counts" (
  "visibility" varchar(8) primary key,
  "n" bigint not null
);

CREATE TABLE "video_publications" (
  "video_id" varchar(24) primary key references "videos" ("id") on delete cascade,
  "channel_id" varchar(24) not null references "users" ("id") on delete cascade,
  "published_at" bigint not null
);

CREATE TABLE "video_view_guards" (
  "video_id" varchar(24) not null references "videos" ("id") on delete cascade,
  "viewer_key" varchar(80) not null,
  "counted_at" bigint not null,
  constraint "video_view_guards_pk" primary key ("video_id", "viewer_key")
);

CREATE TABLE "video_view_hours" (
  "hour" bigint not null,
  "video_id" varchar(24) not null references "videos" ("id") on delete cascade,
  "views" bigint not null,
  constraint "video_view_hours_pk" primary key ("hour", "video_id")
);

CREATE TABLE "video_views" (
  "id" varchar(24) primary key,
  "video_id" varchar(24) not null references "videos" ("id") on delete cascade,
  "viewer_id" varchar(24) references "users" ("id") on delete set null,
  "viewed_at" bigint not null
);

CREATE TABLE "video_watch_time" (
  "video_id" varchar(24) not null references "videos" ("id") on delete cascade,
  "day" integer not null,
  "watch_ms" bigint not null,
  constraint "video_watch_time_pk" primary key ("video_id", "day")
);

CREATE TABLE "videos" (
  "id" varchar(24) primary key,
  "owner_id" varchar(24) not null references "users" ("id") on delete cascade,
  "title" varchar(100) not null,
  "description" text not null,
  "hashtag" text not null,
  "visibility" varchar(8) not null check (visibility in ('private', 'unlisted', 'public')),
  "duration" real not null,
  "views" bigint default 0 not null,
  "video_key" text not null,
  "thumbnail_key" text not null,
  "created_at" bigint not null,
  "updated_at" bigint not null,
  "likes_count" bigint default 0 not null,
  "comments_count" bigint default 0 not null,
  "comments_version" bigint default 0 not null,
  "card_version" bigint default 0 not null,
  "media_token" varchar(16),
  "status" text default 'ready' not null,
  "playable" integer default 1 not null,
  "processing_progress" integer default 100 not null,
  "processing_error" text,
  "pending_visibility" text,
  "original_name" text,
  "hls_ready" integer default 0 not null,
  "storyboard_ready" integer default 0 not null,
  "stored_bytes" bigint default 0 not null,
  "original_bytes" bigint default 0 not null,
  "blocked_at" bigint,
  "blocked_reason" text,
  "owner_suspended" integer default 0 not null,
  "comments_mode" varchar(8) default 'open' not null check (comments_mode in ('open', 'held', 'off')),
  "reprocess_token" varchar(16)
);

CREATE VIRTUAL TABLE videos_fts using fts5 (
  video_id unindexed,
  title,
  hashtag,
  tokenize = 'trigram'
);

CREATE TABLE "watch_history" (
  "user_id" varchar(24) not null references "users" ("id") on delete cascade,
  "video_id" varchar(24) not null references "videos" ("id") on delete cascade,
  "watched_at" bigint not null,
  constraint "watch_history_pk" primary key ("user_id", "video_id")
);

CREATE TABLE "watch_progress" (
  "user_id" varchar(24) not null references "users" ("id") on delete cascade,
  "video_id" varchar(24) not null references "videos" ("id") on delete cascade,
  "position" double precision not null,
  "updated_at" bigint not null,
  constraint "watch_progress_pk" primary key ("user_id", "video_id")
);

CREATE INDEX "account_tokens_expires_at" on "account_tokens" ("expires_at");

CREATE INDEX "account_tokens_user" on "account_tokens" ("user_id", "purpose");

CREATE INDEX "audit_log_action_created" on "audit_log" ("action", "created_at", "id");

CREATE INDEX "audit_log_created" on "audit_log" ("created_at", "id");

CREATE INDEX "channel_blocks_blocked" on "channel_blocks" ("blocked_id");

CREATE INDEX "comments_held" on "comments" ("video_id", "created_at", "id") where "held" = 1;

CREATE INDEX "comments_owner" on "comments" ("owner_id");

CREATE INDEX "comments_parent_created" on "comments" ("parent_id", "created_at", "id");

CREATE INDEX "comments_video_parent_created" on "comments" ("video_id", "hidden", "parent_id", "created_at", "id");

CREATE INDEX "google_link_requests_expires_at" on "google_link_requests" ("expires_at");

CREATE INDEX "google_link_requests_user" on "google_link_requests" ("user_id");

CREATE INDEX "likes_target" on "likes" ("target_type", "target_id", "kind");

CREATE INDEX "likes_user_created" on "likes" ("user_id", "target_type", "kind", "created_at", "target_id", "target_hidden");

CREATE INDEX "login_failures_updated_at" on "login_failures" ("updated_at");

CREATE INDEX "mail_outbox_due" on "mail_outbox" ("state", "run_after");

CREATE INDEX "new_video_reads_video" on "new_video_reads" ("video_id");

CREATE INDEX "notifications_actor" on "notifications" ("actor_id");

CREATE INDEX "notifications_comment" on "notifications" ("comment_id");

CREATE INDEX "notifications_user_created" on "notifications" ("user_id", "created_at", "id");

CREATE INDEX "notifications_video" on "notifications" ("video_id");

CREATE INDEX "oauth_flows_expires_at" on "oauth_flows" ("expires_at");

CREATE INDEX "paused_watch_heartbeats_video" on "paused_watch_heartbeats" ("video_id");

CREATE INDEX "playlist_items_order" on "playlist_items" ("playlist_id", "position", "video_id");

CREATE INDEX "playlist_items_video" on "playlist_items" ("video_id", "playlist_id");

CREATE UNIQUE INDEX "playlists_one_watch_later" on "playlists" ("owner_id") where "kind" = 'watch_later';

CREATE INDEX "playlists_owner_created" on "playlists" ("owner_id", "kind", "visibility", "created_at", "id");

CREATE UNIQUE INDEX "processing_jobs_kind_video" on "processing_jobs" ("video_id", "kind");

CREATE INDEX "processing_jobs_lease" on "processing_jobs" ("state", "lease_expires_at");

CREATE INDEX "processing_jobs_next_due" on "processing_jobs" ("state", "priority", "fair_key", "run_after");

CREATE INDEX "processing_jobs_owner" on "processing_jobs" ("owner_id", "priority", "fair_key");

CREATE UNIQUE INDEX "reports_open_once" on "reports" ("reporter_id", "target_type", "target_id") where "state" = 'open';

CREATE INDEX "reports_state_created" on "reports" ("state", "created_at", "id");

CREATE INDEX "reports_target" on "reports" ("target_type", "target_id");

CREATE INDEX "sessions_expires_at" on "sessions" ("expires_at");

CREATE UNIQUE INDEX "sessions_id" on "sessions" ("id");

CREATE INDEX "sessions_user_id" on "sessions" ("user_id");

CREATE INDEX "subscription_events_channel_time" on "subscription_events" ("channel_id", "created_at");

CREATE INDEX "subscriptions_channel" on "subscriptions" ("channel_id", "subscriber_id");

CREATE INDEX "uploads_expires_at" on "uploads" ("expires_at");

CREATE INDEX "uploads_owner_created" on "uploads" ("owner_id", "created_at");

CREATE INDEX "user_identities_user" on "user_identities" ("user_id");

CREATE INDEX "username_redirects_expires_at" on "username_redirects" ("expires_at");

CREATE INDEX "username_redirects_user" on "username_redirects" ("user_id");

CREATE INDEX "users_avatar_key" on "users" ("avatar_key");

CREATE INDEX "users_awaiting_approval" on "users" ("awaiting_approval", "created_at", "id");

CREATE INDEX "users_cover_key" on "users" ("cover_key");

CREATE INDEX "users_role" on "users" ("role", "id");

CREATE INDEX "users_suspended" on "users" ("suspended_at", "id");

CREATE INDEX "video_publications_channel" on "video_publications" ("channel_id", "published_at", "video_id");

CREATE INDEX "video_view_hours_video" on "video_view_hours" ("video_id");

CREATE INDEX "video_views_video_time" on "video_views" ("video_id", "viewed_at");

CREATE INDEX "videos_blocked" on "videos" ("blocked_at", "id");

CREATE INDEX "videos_card_keys" on "videos" ("id", "visibility", "owner_id", "created_at", "card_version", "views");

CREATE INDEX "videos_owner_created" on "videos" ("owner_id", "created_at", "id");

CREATE INDEX videos_owner_title on videos (owner_id, lower(title));

CREATE INDEX "videos_owner_views" on "videos" ("owner_id", "views");

CREATE INDEX "videos_owner_visibility_created" on "videos" ("owner_id", "visibility", "created_at", "id", "card_version", "views");

CREATE INDEX "videos_thumbnail_key" on "videos" ("thumbnail_key");

CREATE INDEX "videos_visibility_created" on "videos" ("visibility", "created_at", "id", "card_version", "views", "owner_id");

CREATE INDEX "watch_history_user_time" on "watch_history" ("user_id", "watched_at");

CREATE INDEX "watch_history_video" on "watch_history" ("video_id");

CREATE INDEX "watch_progress_video" on "watch_progress" ("video_id");

CREATE TRIGGER comments_comments_version_delete after delete on comments
begin
  update videos set comments_version = comments_version + 1 where id = old.video_id;
end;

CREATE TRIGGER comments_comments_version_insert after insert on comments
begin
  update videos set comments_version = comments_version + 1 where id = new.video_id;
end;

CREATE TRIGGER comments_comments_version_update after update of content, likes_count, hidden, held on comments
begin
  update videos set comments_version = comments_version + 1 where id = new.video_id;
end;

CREATE TRIGGER comments_video_count_delete after delete on comments
  when old.hidden = 0
begin
  update videos set comments_count = comments_count - 1 where id = old.video_id;
end;

CREATE TRIGGER comments_video_count_insert after insert on comments
  when new.hidden = 0
begin
  update videos set comments_count = comments_count + 1 where id = new.video_id;
end;

CREATE TRIGGER comments_video_count_update after update of hidden on comments
  when (old.hidden = 0) <> (new.hidden = 0)
begin
  update videos set comments_count = comments_count
    + (case when new.hidden = 0 then 1 else 0 end)
    - (case when old.hidden = 0 then 1 else 0 end)
    where id = new.video_id;
end;

CREATE TRIGGER likes_comment_count_delete after delete on likes
  when old.target_type = 'Comment' and old.kind = 'like'
begin
  update comments set likes_count = likes_count - 1 where id = old.target_id;
end;

CREATE TRIGGER likes_comment_count_insert after insert on likes
  when new.target_type = 'Comment' and new.kind = 'like'
begin
  update comments set likes_count = likes_count + 1 where id = new.target_id;
end;

CREATE TRIGGER likes_comment_count_update after update of kind on likes
  when old.target_type = 'Comment' and (old.kind = 'like') <> (new.kind = 'like')
begin
  update comments set likes_count = likes_count
    + (case when new.kind = 'like' then 1 else 0 end)
    - (case when old.kind = 'like' then 1 else 0 end)
    where id = new.target_id;
end;

CREATE TRIGGER likes_target_hidden after insert on likes
  when new.target_type = 'Video' and exists (
  select 1 from videos v
  where v.id = new.target_id and v.visibility = 'private' and v.owner_id <> new.user_id
)
begin
  update likes set target_hidden = 1
    where user_id = new.user_id and target_type = new.target_type and target_id = new.target_id;
end;

CREATE TRIGGER likes_video_count_delete after delete on likes
  when old.target_type = 'Video' and old.kind = 'like'
begin
  update videos set likes_count = likes_count - 1 where id = old.target_id;
end;

CREATE TRIGGER likes_video_count_insert after insert on likes
  when new.target_type = 'Video' and new.kind = 'like'
begin
  update videos set likes_count = likes_count + 1 where id = new.target_id;
end;

CREATE TRIGGER likes_video_count_update after update of kind on likes
  when old.target_type = 'Video' and (old.kind = 'like') <> (new.kind = 'like')
begin
  update videos set likes_count = likes_count
    + (case when new.kind = 'like' then 1 else 0 end)
    - (case when old.kind = 'like' then 1 else 0 end)
    where id = new.target_id;
end;

CREATE TRIGGER subscriptions_channel_count_delete after delete on subscriptions
begin
  update users set subscribers_count = subscribers_count - 1 where id = old.channel_id;
end;

CREATE TRIGGER subscriptions_channel_count_insert after insert on subscriptions
begin
  update users set subscribers_count = subscribers_count + 1 where id = new.channel_id;
end;

CREATE TRIGGER users_card_version_update after update of username, avatar_key on users
  when old.username is not new.username or old.avatar_key is not new.avatar_key
begin
  update videos set card_version = card_version + 1 where owner_id = new.id;
end;

CREATE TRIGGER users_comments_version_update after update of username, avatar_key on users
  when old.username is not new.username or old.avatar_key is not new.avatar_key
begin
  update videos set comments_version = comments_version + 1 where id in (select c.video_id from comments c where c.owner_id = new.id);
end;

CREATE TRIGGER video_views_hours after insert on video_views
begin
  insert into video_view_hours (hour, video_id, views)
  values (cast(new.viewed_at / 3600000 as bigint), new.video_id, 1)
  on conflict (hour, video_id) do update set views = video_view_hours.views + 1;
end;

CREATE TRIGGER videos_card_version_update after update of title, description, hashtag, visibility, duration, video_key, thumbnail_key, status, playable, processing_progress, processing_error, pending_visibility, hls_ready, storyboard_ready, media_token, blocked_reason, comments_mode on videos
begin
  update videos set card_version = card_version + 1 where id = new.id;
end;

CREATE TRIGGER videos_channel_count_delete after delete on videos
begin
  update users set all_videos_count = all_videos_count - 1 where id = old.owner_id;
end;

CREATE TRIGGER videos_channel_count_insert after insert on videos
begin
  update users set all_videos_count = all_videos_count + 1 where id = new.owner_id;
end;

CREATE TRIGGER videos_channel_public_count_delete after delete on videos
  when old.visibility = 'public'
begin
  update users set public_videos_count = public_videos_count - 1 where id = old.owner_id;
end;

CREATE TRIGGER videos_channel_public_count_insert after insert on videos
  when new.visibility = 'public'
begin
  update users set public_videos_count = public_videos_count + 1 where id = new.owner_id;
end;

CREATE TRIGGER videos_channel_public_count_update after update of visibility on videos
  when (old.visibility = 'public') <> (new.visibility = 'public')
begin
  update users set public_videos_count = public_videos_count
    + (case when new.visibility = 'public' then 1 else 0 end)
    - (case when old.visibility = 'public' then 1 else 0 end)
    where id = new.owner_id;
end;

CREATE TRIGGER videos_count_delete after delete on videos
begin
  update video_counts set n = n - 1 where visibility = old.visibility;
end;

CREATE TRIGGER videos_count_insert after insert on videos
begin
  update video_counts set n = n + 1 where visibility = new.visibility;
end;

CREATE TRIGGER videos_count_update after update of visibility on videos
  when old.visibility <> new.visibility
begin
  update video_counts set n = n - 1 where visibility = old.visibility;
  update video_counts set n = n + 1 where visibility = new.visibility;
end;

CREATE TRIGGER videos_fts_delete after delete on videos
begin
  delete from videos_fts
  where rowid >= cast(old.created_at as integer) * 1048576 and rowid < cast(old.created_at as integer) * 1048576 + 1048576 and video_id = old.id;
end;

CREATE TRIGGER videos_fts_insert after insert on videos
begin
  insert into videos_fts (rowid, video_id, title, hashtag)
  select (select coalesce(max(rowid) + 1, cast(new.created_at as integer) * 1048576) from videos_fts
    where rowid >= cast(new.created_at as integer) * 1048576 and rowid < cast(new.created_at as integer) * 1048576 + 1048576), new.id, new.title, new.hashtag
  where new.visibility = 'public';
end;

CREATE TRIGGER videos_fts_update after update of title, hashtag, visibility, created_at on videos
begin
  delete from videos_fts
  where rowid >= cast(old.created_at as integer) * 1048576 and rowid < cast(old.created_at as integer) * 1048576 + 1048576 and video_id = old.id;
  insert into videos_fts (rowid, video_id, title, hashtag)
  select (select coalesce(max(rowid) + 1, cast(new.created_at as integer) * 1048576) from videos_fts
    where rowid >= cast(new.created_at as integer) * 1048576 and rowid < cast(new.created_at as integer) * 1048576 + 1048576), new.id, new.title, new.hashtag
  where new.visibility = 'public';
end;

CREATE TRIGGER videos_likes_hidden after update of visibility on videos
  when (old.visibility = 'private') <> (new.visibility = 'private')
begin
  update likes
    set target_hidden = (new.visibility = 'private' and user_id <> new.owner_id)
    where target_type = 'Video' and target_id = new.id;
end;

CREATE TRIGGER videos_published_insert after insert on videos
  when new.visibility = 'public'
begin
  insert into video_publications (video_id, channel_id, published_at)
    values (new.id, new.owner_id, new.created_at)
    on conflict (video_id) do nothing;
end;

CREATE TRIGGER videos_published_update after update of visibility on videos
  when new.visibility = 'public' and old.visibility <> 'public'
begin
  insert into video_publications (video_id, channel_id, published_at)
    values (new.id, new.owner_id,
      cast((julianday('now') - 2440587.5) * 86400000 as integer))
    on conflict (video_id) do nothing;
end;

CREATE TRIGGER videos_search_generation_delete after delete on videos
begin
  update search_generation set n = n + 1 where id = 1;
end;

CREATE TRIGGER videos_search_generation_duration after update of duration on videos
  when old.duration is not new.duration
begin
  update search_generation set n = n + 1 where id = 1;
end;

CREATE TRIGGER videos_search_generation_insert after insert on videos
begin
  update search_generation set n = n + 1 where id = 1;
end;

CREATE TRIGGER videos_search_generation_update after update of title, hashtag, visibility on videos
begin
  update search_generation set n = n + 1 where id = 1;
end;
