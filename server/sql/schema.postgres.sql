create extension pg_trgm;

create table account_tokens (
  token_hash character varying(64) not null,
  user_id character varying(24) not null,
  purpose character varying(32) not null,
  email character varying(254) not null,
  created_at bigint not null,
  expires_at bigint not null,
  used_at bigint,
  constraint account_tokens_pkey PRIMARY KEY (token_hash),
  constraint account_tokens_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
);

create table audit_log (
  id character varying(24) not null,
  action character varying(32) not null,
  actor_id character varying(24),
  actor_username character varying(30),
  target_type character varying(16) not null,
  target_id character varying(64) not null,
  reason text,
  created_at bigint not null,
  constraint audit_log_pkey PRIMARY KEY (id)
);

create table channel_blocks (
  channel_id character varying(24) not null,
  blocked_id character varying(24) not null,
  created_at bigint not null,
  constraint channel_blocks_blocked_id_fkey FOREIGN KEY (blocked_id) REFERENCES users(id) ON DELETE CASCADE,
  constraint channel_blocks_channel_id_fkey FOREIGN KEY (channel_id) REFERENCES users(id) ON DELETE CASCADE,
  constraint channel_blocks_not_self CHECK (((channel_id)::text <> (blocked_id)::text)),
  constraint channel_blocks_pk PRIMARY KEY (channel_id, blocked_id)
);

create table comments (
  id character varying(24) not null,
  video_id character varying(24) not null,
  owner_id character varying(24) not null,
  parent_id character varying(24),
  content text not null,
  created_at bigint not null,
  updated_at bigint not null,
  likes_count bigint not null default 0,
  held integer not null default 0,
  author_suspended integer not null default 0,
  hidden integer not null default 0,
  constraint comments_owner_id_fkey FOREIGN KEY (owner_id) REFERENCES users(id) ON DELETE CASCADE,
  constraint comments_parent_id_fkey FOREIGN KEY (parent_id) REFERENCES comments(id) ON DELETE CASCADE,
  constraint comments_pkey PRIMARY KEY (id),
  constraint comments_video_id_fkey FOREIGN KEY (video_id) REFERENCES videos(id) ON DELETE CASCADE
) with (fillfactor=80);

create table derived_data_state (
  id integer not null,
  hash character varying(64) not null,
  constraint derived_data_state_pkey PRIMARY KEY (id)
);

create table feed_tokens (
  user_id character varying(24) not null,
  token_hash character varying(64) not null,
  created_at bigint not null,
  constraint feed_tokens_pkey PRIMARY KEY (user_id),
  constraint feed_tokens_token_hash_key UNIQUE (token_hash),
  constraint feed_tokens_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
);

create table google_link_requests (
  token_hash character varying(64) not null,
  provider character varying(32) not null,
  subject character varying(255) not null,
  email character varying(254) not null,
  full_name character varying(255) not null,
  user_id character varying(24) not null,
  return_to character varying(2048) not null,
  expires_at bigint not null,
  constraint google_link_requests_pkey PRIMARY KEY (token_hash),
  constraint google_link_requests_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
);

create table instance_settings (
  key character varying(64) not null,
  value text not null,
  updated_at bigint not null,
  constraint instance_settings_pkey PRIMARY KEY (key)
);

create table library_settings (
  user_id character varying(24) not null,
  history_paused integer not null default 0,
  notify_new_video integer not null default 1,
  notify_comment_reply integer not null default 1,
  notify_video_comment integer not null default 1,
  notify_processing_done integer not null default 1,
  notify_processing_failed integer not null default 1,
  notifications_read_before bigint not null default 0,
  updated_at bigint not null,
  history_resumed_at bigint,
  constraint library_settings_pkey PRIMARY KEY (user_id),
  constraint library_settings_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
);

create table likes (
  user_id character varying(24) not null,
  target_type character varying(8) not null,
  target_id character varying(24) not null,
  kind character varying(8) not null,
  created_at bigint not null,
  target_hidden integer not null default 0,
  constraint likes_kind_check CHECK (((kind)::text = ANY ((ARRAY['like'::character varying, 'dislike'::character varying])::text[]))),
  constraint likes_one_per_user UNIQUE (user_id, target_type, target_id),
  constraint likes_target_type_check CHECK (((target_type)::text = ANY ((ARRAY['Video'::character varying, 'Comment'::character varying])::text[]))),
  constraint likes_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
);

create table login_failures (
  account character varying(320) not null,
  failures integer not null,
  locked_until bigint not null,
  updated_at bigint not null,
  constraint login_failures_pkey PRIMARY KEY (account)
);

create table mail_outbox (
  id character varying(24) not null,
  to_address character varying(254) not null,
  subject character varying(300) not null,
  text_body text not null,
  html_body text not null,
  state character varying(16) not null,
  attempts integer not null default 0,
  run_after bigint not null,
  lease_owner character varying(100),
  lease_expires_at bigint,
  last_error character varying(1000),
  created_at bigint not null,
  constraint mail_outbox_pkey PRIMARY KEY (id)
);

create table new_video_reads (
  user_id character varying(24) not null,
  video_id character varying(24) not null,
  read_at bigint not null,
  constraint new_video_reads_pk PRIMARY KEY (user_id, video_id),
  constraint new_video_reads_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE,
  constraint new_video_reads_video_id_fkey FOREIGN KEY (video_id) REFERENCES videos(id) ON DELETE CASCADE
);

create table notifications (
  id character varying(24) not null,
  user_id character varying(24) not null,
  kind character varying(20) not null,
  video_id character varying(24) not null,
  comment_id character varying(24),
  actor_id character varying(24),
  created_at bigint not null,
  read_at bigint,
  constraint notifications_actor_id_fkey FOREIGN KEY (actor_id) REFERENCES users(id) ON DELETE CASCADE,
  constraint notifications_comment_id_fkey FOREIGN KEY (comment_id) REFERENCES comments(id) ON DELETE CASCADE,
  constraint notifications_kind_check CHECK (((kind)::text = ANY ((ARRAY['comment_reply'::character varying, 'video_comment'::character varying, 'processing_done'::character varying, 'processing_failed'::character varying])::text[]))),
  constraint notifications_pkey PRIMARY KEY (id),
  constraint notifications_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE,
  constraint notifications_video_id_fkey FOREIGN KEY (video_id) REFERENCES videos(id) ON DELETE CASCADE
);

create table oauth_flows (
  state_hash character varying(64) not null,
  provider character varying(32) not null,
  code_verifier character varying(128) not null,
  nonce character varying(128) not null,
  return_to character varying(2048) not null,
  expires_at bigint not null,
  constraint oauth_flows_pkey PRIMARY KEY (state_hash)
);

create table paused_watch_heartbeats (
  user_id character varying(24) not null,
  video_id character varying(24) not null,
  position double precision not null,
  heard_at bigint not null,
  constraint paused_watch_heartbeats_pk PRIMARY KEY (user_id, video_id),
  constraint paused_watch_heartbeats_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE,
  constraint paused_watch_heartbeats_video_id_fkey FOREIGN KEY (video_id) REFERENCES videos(id) ON DELETE CASCADE
);

create table playlist_items (
  playlist_id character varying(24) not null,
  video_id character varying(24) not null,
  position bigint not null,
  added_at bigint not null,
  constraint playlist_items_pk PRIMARY KEY (playlist_id, video_id),
  constraint playlist_items_playlist_id_fkey FOREIGN KEY (playlist_id) REFERENCES playlists(id) ON DELETE CASCADE,
  constraint playlist_items_video_id_fkey FOREIGN KEY (video_id) REFERENCES videos(id) ON DELETE CASCADE
);

create table playlists (
  id character varying(24) not null,
  owner_id character varying(24) not null,
  kind character varying(12) not null,
  title character varying(100) not null,
  description text not null,
  visibility character varying(8) not null,
  created_at bigint not null,
  updated_at bigint not null,
  constraint playlists_kind_check CHECK (((kind)::text = ANY ((ARRAY['playlist'::character varying, 'watch_later'::character varying])::text[]))),
  constraint playlists_owner_id_fkey FOREIGN KEY (owner_id) REFERENCES users(id) ON DELETE CASCADE,
  constraint playlists_pkey PRIMARY KEY (id),
  constraint playlists_visibility_check CHECK (((visibility)::text = ANY ((ARRAY['private'::character varying, 'unlisted'::character varying, 'public'::character varying])::text[])))
);

create table processing_jobs (
  id text not null,
  video_id text,
  state text not null,
  attempts integer not null default 0,
  run_after bigint not null,
  lease_owner text,
  lease_expires_at bigint,
  last_error text,
  created_at bigint not null,
  updated_at bigint not null,
  kind text not null,
  priority integer not null default 0,
  owner_id text,
  fair_key bigint not null default 0,
  payload text,
  constraint processing_jobs_owner_id_fkey FOREIGN KEY (owner_id) REFERENCES users(id) ON DELETE CASCADE,
  constraint processing_jobs_pkey PRIMARY KEY (id),
  constraint processing_jobs_video_id_fkey FOREIGN KEY (video_id) REFERENCES videos(id) ON DELETE CASCADE
);

create table rate_limits (
  bucket character varying(32) not null,
  subject character varying(300) not null,
  window_start bigint not null,
  hits integer not null,
  constraint rate_limits_pk PRIMARY KEY (bucket, subject, window_start)
);

create table reports (
  id character varying(24) not null,
  reporter_id character varying(24) not null,
  target_type character varying(8) not null,
  target_id character varying(24) not null,
  reason character varying(16) not null,
  details text,
  state character varying(12) not null default 'open'::character varying,
  created_at bigint not null,
  resolved_at bigint,
  resolved_by character varying(24),
  resolved_by_username character varying(30),
  note text,
  constraint reports_pkey PRIMARY KEY (id),
  constraint reports_reason_check CHECK (((reason)::text = ANY ((ARRAY['spam'::character varying, 'harassment'::character varying, 'sexual'::character varying, 'violence'::character varying, 'copyright'::character varying, 'other'::character varying])::text[]))),
  constraint reports_reporter_id_fkey FOREIGN KEY (reporter_id) REFERENCES users(id) ON DELETE CASCADE,
  constraint reports_state_check CHECK (((state)::text = ANY ((ARRAY['open'::character varying, 'resolved'::character varying, 'dismissed'::character varying])::text[]))),
  constraint reports_target_type_check CHECK (((target_type)::text = ANY ((ARRAY['video'::character varying, 'comment'::character varying, 'channel'::character varying])::text[])))
);

create table schema_versions (
  version character varying(64) not null,
  migrated_at bigint not null,
  migrations character varying(4000) not null,
  constraint schema_versions_pk PRIMARY KEY (migrated_at, version)
);

create table search_generation (
  id integer not null,
  n bigint not null,
  constraint search_generation_pkey PRIMARY KEY (id)
);

create table sessions (
  token_hash character varying(64) not null,
  user_id character varying(24) not null,
  created_at bigint not null,
  expires_at bigint not null,
  last_seen_at bigint not null default 0,
  id character varying(24),
  user_agent character varying(512) not null default ''::character varying,
  address character varying(64) not null default ''::character varying,
  constraint sessions_pkey PRIMARY KEY (token_hash),
  constraint sessions_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
);

create table subscription_events (
  id character varying(24) not null,
  channel_id character varying(24) not null,
  subscriber_id character varying(24) not null,
  delta integer not null,
  created_at bigint not null,
  constraint subscription_events_channel_id_fkey FOREIGN KEY (channel_id) REFERENCES users(id) ON DELETE CASCADE,
  constraint subscription_events_delta_check CHECK ((delta = ANY (ARRAY[1, '-1'::integer]))),
  constraint subscription_events_pkey PRIMARY KEY (id),
  constraint subscription_events_subscriber_id_fkey FOREIGN KEY (subscriber_id) REFERENCES users(id) ON DELETE CASCADE
);

create table subscriptions (
  subscriber_id character varying(24) not null,
  channel_id character varying(24) not null,
  created_at bigint not null,
  constraint subscriptions_channel_id_fkey FOREIGN KEY (channel_id) REFERENCES users(id) ON DELETE CASCADE,
  constraint subscriptions_not_self CHECK (((subscriber_id)::text <> (channel_id)::text)),
  constraint subscriptions_pk PRIMARY KEY (subscriber_id, channel_id),
  constraint subscriptions_subscriber_id_fkey FOREIGN KEY (subscriber_id) REFERENCES users(id) ON DELETE CASCADE
);

create table totp_recovery_codes (
  user_id character varying(24) not null,
  code_hash character varying(64) not null,
  created_at bigint not null,
  constraint totp_recovery_codes_pk PRIMARY KEY (user_id, code_hash),
  constraint totp_recovery_codes_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
);

create table uploads (
  id text not null,
  owner_id text not null,
  size bigint not null,
  filename text not null,
  filetype text not null,
  state text not null,
  created_at bigint not null,
  expires_at bigint not null,
  lock_holder text,
  lock_expires_at bigint,
  lock_wanted integer not null default 0,
  constraint uploads_owner_id_fkey FOREIGN KEY (owner_id) REFERENCES users(id) ON DELETE CASCADE,
  constraint uploads_pkey PRIMARY KEY (id)
);

create table user_identities (
  provider character varying(32) not null,
  subject character varying(255) not null,
  user_id character varying(24) not null,
  created_at bigint not null,
  constraint user_identities_pk PRIMARY KEY (provider, subject),
  constraint user_identities_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
);

create table username_redirects (
  old_username character varying(30) not null,
  user_id character varying(24) not null,
  expires_at bigint not null,
  constraint username_redirects_pkey PRIMARY KEY (old_username),
  constraint username_redirects_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
);

create table users (
  id character varying(24) not null,
  username character varying(30) not null,
  email character varying(254) not null,
  full_name character varying(80) not null,
  password_hash text,
  avatar_key text not null,
  cover_key text,
  created_at bigint not null,
  all_videos_count bigint not null default 0,
  public_videos_count bigint not null default 0,
  role character varying(16) not null default 'user'::character varying,
  suspended_at bigint,
  suspension_reason text,
  awaiting_approval integer not null default 0,
  quota_bytes bigint,
  email_verified integer not null default 0,
  bio character varying(1000) not null default ''::character varying,
  totp_secret text,
  totp_pending_secret text,
  totp_last_step bigint,
  subscribers_count bigint not null default 0,
  constraint users_email_key UNIQUE (email),
  constraint users_pkey PRIMARY KEY (id),
  constraint users_role_check CHECK (((role)::text = ANY ((ARRAY['admin'::character varying, 'moderator'::character varying, 'user'::character varying])::text[]))),
  constraint users_username_key UNIQUE (username)
) with (fillfactor=80);

create table video_captions (
  video_id character varying(24) not null,
  language character varying(35) not null,
  label character varying(50) not null,
  file_name character varying(100) not null,
  created_at bigint not null,
  constraint video_captions_pk PRIMARY KEY (video_id, language),
  constraint video_captions_video_id_fkey FOREIGN KEY (video_id) REFERENCES videos(id) ON DELETE CASCADE
);

create table video_counts (
  visibility character varying(8) not null,
  n bigint not null,
  constraint video_counts_pkey PRIMARY KEY (visibility)
);

create table video_publications (
  video_id character varying(24) not null,
  channel_id character varying(24) not null,
  published_at bigint not null,
  constraint video_publications_channel_id_fkey FOREIGN KEY (channel_id) REFERENCES users(id) ON DELETE CASCADE,
  constraint video_publications_pkey PRIMARY KEY (video_id),
  constraint video_publications_video_id_fkey FOREIGN KEY (video_id) REFERENCES videos(id) ON DELETE CASCADE
);

create table video_view_guards (
  video_id character varying(24) not null,
  viewer_key character varying(80) not null,
  counted_at bigint not null,
  constraint video_view_guards_pk PRIMARY KEY (video_id, viewer_key),
  constraint video_view_guards_video_id_fkey FOREIGN KEY (video_id) REFERENCES videos(id) ON DELETE CASCADE
);

create table video_view_hours (
  hour bigint not null,
  video_id character varying(24) not null,
  views bigint not null,
  constraint video_view_hours_pk PRIMARY KEY (hour, video_id),
  constraint video_view_hours_video_id_fkey FOREIGN KEY (video_id) REFERENCES videos(id) ON DELETE CASCADE
);

create table video_views (
  id character varying(24) not null,
  video_id character varying(24) not null,
  viewer_id character varying(24),
  viewed_at bigint not null,
  constraint video_views_pkey PRIMARY KEY (id),
  constraint video_views_video_id_fkey FOREIGN KEY (video_id) REFERENCES videos(id) ON DELETE CASCADE,
  constraint video_views_viewer_id_fkey FOREIGN KEY (viewer_id) REFERENCES users(id) ON DELETE SET NULL
);

create table video_watch_time (
  video_id character varying(24) not null,
  day integer not null,
  watch_ms bigint not null,
  constraint video_watch_time_pk PRIMARY KEY (video_id, day),
  constraint video_watch_time_video_id_fkey FOREIGN KEY (video_id) REFERENCES videos(id) ON DELETE CASCADE
);

create table videos (
  id character varying(24) not null,
  owner_id character varying(24) not null,
  title character varying(100) not null,
  description text not null,
  hashtag text not null,
  visibility character varying(8) not null,
  duration real not null,
  views bigint not null default 0,
  video_key text not null,
  thumbnail_key text not null,
  created_at bigint not null,
  updated_at bigint not null,
  likes_count bigint not null default 0,
  comments_count bigint not null default 0,
  comments_version bigint not null default 0,
  card_version bigint not null default 0,
  media_token character varying(16),
  status text not null default 'ready'::text,
  playable integer not null default 1,
  processing_progress integer not null default 100,
  processing_error text,
  pending_visibility text,
  original_name text,
  hls_ready integer not null default 0,
  storyboard_ready integer not null default 0,
  stored_bytes bigint not null default 0,
  original_bytes bigint not null default 0,
  blocked_at bigint,
  blocked_reason text,
  owner_suspended integer not null default 0,
  comments_mode character varying(8) not null default 'open'::character varying,
  reprocess_token character varying(16),
  constraint videos_comments_mode_check CHECK (((comments_mode)::text = ANY ((ARRAY['open'::character varying, 'held'::character varying, 'off'::character varying])::text[]))),
  constraint videos_owner_id_fkey FOREIGN KEY (owner_id) REFERENCES users(id) ON DELETE CASCADE,
  constraint videos_pkey PRIMARY KEY (id),
  constraint videos_visibility_check CHECK (((visibility)::text = ANY ((ARRAY['private'::character varying, 'unlisted'::character varying, 'public'::character varying])::text[])))
) with (fillfactor=80);

create table watch_history (
  user_id character varying(24) not null,
  video_id character varying(24) not null,
  watched_at bigint not null,
  constraint watch_history_pk PRIMARY KEY (user_id, video_id),
  constraint watch_history_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE,
  constraint watch_history_video_id_fkey FOREIGN KEY (video_id) REFERENCES videos(id) ON DELETE CASCADE
);

create table watch_progress (
  user_id character varying(24) not null,
  video_id character varying(24) not null,
  position double precision not null,
  updated_at bigint not null,
  constraint watch_progress_pk PRIMARY KEY (user_id, video_id),
  constraint watch_progress_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE,
  constraint watch_progress_video_id_fkey FOREIGN KEY (video_id) REFERENCES videos(id) ON DELETE CASCADE
);

CREATE INDEX account_tokens_expires_at ON public.account_tokens USING btree (expires_at);

CREATE UNIQUE INDEX account_tokens_pkey ON public.account_tokens USING btree (token_hash);

CREATE INDEX account_tokens_user ON public.account_tokens USING btree (user_id, purpose);

CREATE INDEX audit_log_action_created ON public.audit_log USING btree (action, created_at, id);

CREATE INDEX audit_log_created ON public.audit_log USING btree (created_at, id);

CREATE UNIQUE INDEX audit_log_pkey ON public.audit_log USING btree (id);

CREATE INDEX channel_blocks_blocked ON public.channel_blocks USING btree (blocked_id);

CREATE UNIQUE INDEX channel_blocks_pk ON public.channel_blocks USING btree (channel_id, blocked_id);

CREATE INDEX comments_held ON public.comments USING btree (video_id, created_at, id) WHERE (held = 1);

CREATE INDEX comments_owner ON public.comments USING btree (owner_id);

CREATE INDEX comments_parent_created ON public.comments USING btree (parent_id, created_at, id);

CREATE UNIQUE INDEX comments_pkey ON public.comments USING btree (id);

CREATE INDEX comments_video_parent_created ON public.comments USING btree (video_id, hidden, parent_id, created_at, id);

CREATE UNIQUE INDEX derived_data_state_pkey ON public.derived_data_state USING btree (id);

CREATE UNIQUE INDEX feed_tokens_pkey ON public.feed_tokens USING btree (user_id);

CREATE UNIQUE INDEX feed_tokens_token_hash_key ON public.feed_tokens USING btree (token_hash);

CREATE INDEX google_link_requests_expires_at ON public.google_link_requests USING btree (expires_at);

CREATE UNIQUE INDEX google_link_requests_pkey ON public.google_link_requests USING btree (token_hash);

CREATE INDEX google_link_requests_user ON public.google_link_requests USING btree (user_id);

CREATE UNIQUE INDEX instance_settings_pkey ON public.instance_settings USING btree (key);

CREATE UNIQUE INDEX library_settings_pkey ON public.library_settings USING btree (user_id);

CREATE UNIQUE INDEX likes_one_per_user ON public.likes USING btree (user_id, target_type, target_id);

CREATE INDEX likes_target ON public.likes USING btree (target_type, target_id, kind);

CREATE INDEX likes_user_created ON public.likes USING btree (user_id, target_type, kind, created_at, target_id, target_hidden);

CREATE UNIQUE INDEX login_failures_pkey ON public.login_failures USING btree (account);

CREATE INDEX login_failures_updated_at ON public.login_failures USING btree (updated_at);

CREATE INDEX mail_outbox_due ON public.mail_outbox USING btree (state, run_after);

CREATE UNIQUE INDEX mail_outbox_pkey ON public.mail_outbox USING btree (id);

CREATE UNIQUE INDEX new_video_reads_pk ON public.new_video_reads USING btree (user_id, video_id);

CREATE INDEX new_video_reads_video ON public.new_video_reads USING btree (video_id);

CREATE INDEX notifications_actor ON public.notifications USING btree (actor_id);

CREATE INDEX notifications_comment ON public.notifications USING btree (comment_id);

CREATE UNIQUE INDEX notifications_pkey ON public.notifications USING btree (id);

CREATE INDEX notifications_user_created ON public.notifications USING btree (user_id, created_at, id);

CREATE INDEX notifications_video ON public.notifications USING btree (video_id);

CREATE INDEX oauth_flows_expires_at ON public.oauth_flows USING btree (expires_at);

CREATE UNIQUE INDEX oauth_flows_pkey ON public.oauth_flows USING btree (state_hash);

CREATE UNIQUE INDEX paused_watch_heartbeats_pk ON public.paused_watch_heartbeats USING btree (user_id, video_id);

CREATE INDEX paused_watch_heartbeats_video ON public.paused_watch_heartbeats USING btree (video_id);

CREATE INDEX playlist_items_order ON public.playlist_items USING btree (playlist_id, "position", video_id);

CREATE UNIQUE INDEX playlist_items_pk ON public.playlist_items USING btree (playlist_id, video_id);

CREATE INDEX playlist_items_video ON public.playlist_items USING btree (video_id, playlist_id);

CREATE UNIQUE INDEX playlists_one_watch_later ON public.playlists USING btree (owner_id) WHERE ((kind)::text = 'watch_later'::text);

CREATE INDEX playlists_owner_created ON public.playlists USING btree (owner_id, kind, visibility, created_at, id);

CREATE UNIQUE INDEX playlists_pkey ON public.playlists USING btree (id);

CREATE UNIQUE INDEX processing_jobs_kind_video ON public.processing_jobs USING btree (video_id, kind);

CREATE INDEX processing_jobs_lease ON public.processing_jobs USING btree (state, lease_expires_at);

CREATE INDEX processing_jobs_next_due ON public.processing_jobs USING btree (state, priority, fair_key, run_after);

CREATE INDEX processing_jobs_owner ON public.processing_jobs USING btree (owner_id, priority, fair_key);

CREATE UNIQUE INDEX processing_jobs_pkey ON public.processing_jobs USING btree (id);

CREATE UNIQUE INDEX rate_limits_pk ON public.rate_limits USING btree (bucket, subject, window_start);

CREATE UNIQUE INDEX reports_open_once ON public.reports USING btree (reporter_id, target_type, target_id) WHERE ((state)::text = 'open'::text);

CREATE UNIQUE INDEX reports_pkey ON public.reports USING btree (id);

CREATE INDEX reports_state_created ON public.reports USING btree (state, created_at, id);

CREATE INDEX reports_target ON public.reports USING btree (target_type, target_id);

CREATE UNIQUE INDEX schema_versions_pk ON public.schema_versions USING btree (migrated_at, version);

CREATE UNIQUE INDEX search_generation_pkey ON public.search_generation USING btree (id);

CREATE INDEX sessions_expires_at ON public.sessions USING btree (expires_at);

CREATE UNIQUE INDEX sessions_id ON public.sessions USING btree (id);

CREATE UNIQUE INDEX sessions_pkey ON public.sessions USING btree (token_hash);

CREATE INDEX sessions_user_id ON public.sessions USING btree (user_id);

CREATE INDEX subscription_events_channel_time ON public.subscription_events USING btree (channel_id, created_at);

CREATE UNIQUE INDEX subscription_events_pkey ON public.subscription_events USING btree (id);

CREATE INDEX subscriptions_channel ON public.subscriptions USING btree (channel_id, subscriber_id);

CREATE UNIQUE INDEX subscriptions_pk ON public.subscriptions USING btree (subscriber_id, channel_id);

CREATE UNIQUE INDEX totp_recovery_codes_pk ON public.totp_recovery_codes USING btree (user_id, code_hash);

CREATE INDEX uploads_expires_at ON public.uploads USING btree (expires_at);

CREATE INDEX uploads_owner_created ON public.uploads USING btree (owner_id, created_at);

CREATE UNIQUE INDEX uploads_pkey ON public.uploads USING btree (id);

CREATE UNIQUE INDEX user_identities_pk ON public.user_identities USING btree (provider, subject);

CREATE INDEX user_identities_user ON public.user_identities USING btree (user_id);

CREATE INDEX username_redirects_expires_at ON public.username_redirects USING btree (expires_at);

CREATE UNIQUE INDEX username_redirects_pkey ON public.username_redirects USING btree (old_username);

CREATE INDEX username_redirects_user ON public.username_redirects USING btree (user_id);

CREATE INDEX users_avatar_key ON public.users USING btree (avatar_key);

CREATE INDEX users_awaiting_approval ON public.users USING btree (awaiting_approval, created_at, id);

CREATE INDEX users_cover_key ON public.users USING btree (cover_key);

CREATE UNIQUE INDEX users_email_key ON public.users USING btree (email);

CREATE UNIQUE INDEX users_pkey ON public.users USING btree (id);

CREATE INDEX users_role ON public.users USING btree (role, id);

CREATE INDEX users_suspended ON public.users USING btree (suspended_at, id);

CREATE UNIQUE INDEX users_username_key ON public.users USING btree (username);

CREATE UNIQUE INDEX video_captions_pk ON public.video_captions USING btree (video_id, language);

CREATE UNIQUE INDEX video_counts_pkey ON public.video_counts USING btree (visibility);

CREATE INDEX video_publications_channel ON public.video_publications USING btree (channel_id, published_at, video_id);

CREATE UNIQUE INDEX video_publications_pkey ON public.video_publications USING btree (video_id);

CREATE UNIQUE INDEX video_view_guards_pk ON public.video_view_guards USING btree (video_id, viewer_key);

CREATE UNIQUE INDEX video_view_hours_pk ON public.video_view_hours USING btree (hour, video_id);

CREATE INDEX video_view_hours_video ON public.video_view_hours USING btree (video_id);

CREATE UNIQUE INDEX video_views_pkey ON public.video_views USING btree (id);

CREATE INDEX video_views_video_time ON public.video_views USING btree (video_id, viewed_at);

CREATE UNIQUE INDEX video_watch_time_pk ON public.video_watch_time USING btree (video_id, day);

CREATE INDEX videos_blocked ON public.videos USING btree (blocked_at, id);

CREATE INDEX videos_hashtag_trgm ON public.videos USING gin (lower(hashtag) gin_trgm_ops);

CREATE INDEX videos_owner_created ON public.videos USING btree (owner_id, created_at, id);

CREATE INDEX videos_owner_title ON public.videos USING btree (owner_id, lower((title)::text));

CREATE INDEX videos_owner_visibility_created ON public.videos USING btree (owner_id, visibility, created_at, id);

CREATE UNIQUE INDEX videos_pkey ON public.videos USING btree (id);

CREATE INDEX videos_thumbnail_key ON public.videos USING btree (thumbnail_key);

CREATE INDEX videos_title_trgm ON public.videos USING gin (lower((title)::text) gin_trgm_ops);

CREATE INDEX videos_visibility_created ON public.videos USING btree (visibility, created_at, id);

CREATE UNIQUE INDEX watch_history_pk ON public.watch_history USING btree (user_id, video_id);

CREATE INDEX watch_history_user_time ON public.watch_history USING btree (user_id, watched_at);

CREATE INDEX watch_history_video ON public.watch_history USING btree (video_id);

CREATE UNIQUE INDEX watch_progress_pk ON public.watch_progress USING btree (user_id, video_id);

CREATE INDEX watch_progress_video ON public.watch_progress USING btree (video_id);

CREATE OR REPLACE FUNCTION public.comments_comments_version_delete()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  update videos set comments_version = comments_version + 1 where id = old.video_id;
  return null;
end $function$;

CREATE OR REPLACE FUNCTION public.comments_comments_version_insert()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  update videos set comments_version = comments_version + 1 where id = new.video_id;
  return null;
end $function$;

CREATE OR REPLACE FUNCTION public.comments_comments_version_update()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  update videos set comments_version = comments_version + 1 where id = new.video_id;
  return null;
end $function$;

CREATE OR REPLACE FUNCTION public.comments_video_count_delete()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  update videos set comments_count = comments_count - 1 where id = old.video_id;
  return null;
end $function$;

CREATE OR REPLACE FUNCTION public.comments_video_count_insert()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  update videos set comments_count = comments_count + 1 where id = new.video_id;
  return null;
end $function$;

CREATE OR REPLACE FUNCTION public.comments_video_count_update()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  update videos set comments_count = comments_count
    + (case when new.hidden = 0 then 1 else 0 end)
    - (case when old.hidden = 0 then 1 else 0 end)
    where id = new.video_id;
  return null;
end $function$;

CREATE OR REPLACE FUNCTION public.likes_comment_count_delete()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  update comments set likes_count = likes_count - 1 where id = old.target_id;
  return null;
end $function$;

CREATE OR REPLACE FUNCTION public.likes_comment_count_insert()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  update comments set likes_count = likes_count + 1 where id = new.target_id;
  return null;
end $function$;

CREATE OR REPLACE FUNCTION public.likes_comment_count_update()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  update comments set likes_count = likes_count
    + (case when new.kind = 'like' then 1 else 0 end)
    - (case when old.kind = 'like' then 1 else 0 end)
    where id = new.target_id;
  return null;
end $function$;

CREATE OR REPLACE FUNCTION public.likes_target_hidden()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  declare
    hidden boolean;
  begin
    select v.visibility = 'private' and v.owner_id <> new.user_id into hidden
      from videos v where v.id = new.target_id for no key update;
    if hidden then
      update likes set target_hidden = 1
        where user_id = new.user_id and target_type = new.target_type
          and target_id = new.target_id;
    end if;
  end;
  return null;
end $function$;

CREATE OR REPLACE FUNCTION public.likes_video_count_delete()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  update videos set likes_count = likes_count - 1 where id = old.target_id;
  return null;
end $function$;

CREATE OR REPLACE FUNCTION public.likes_video_count_insert()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  update videos set likes_count = likes_count + 1 where id = new.target_id;
  return null;
end $function$;

CREATE OR REPLACE FUNCTION public.likes_video_count_update()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  update videos set likes_count = likes_count
    + (case when new.kind = 'like' then 1 else 0 end)
    - (case when old.kind = 'like' then 1 else 0 end)
    where id = new.target_id;
  return null;
end $function$;

CREATE OR REPLACE FUNCTION public.subscriptions_channel_count_delete()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  update users set subscribers_count = subscribers_count - 1 where id = old.channel_id;
  return null;
end $function$;

CREATE OR REPLACE FUNCTION public.subscriptions_channel_count_insert()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  update users set subscribers_count = subscribers_count + 1 where id = new.channel_id;
  return null;
end $function$;

CREATE OR REPLACE FUNCTION public.users_card_version_update()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  update videos set card_version = card_version + 1 where owner_id = new.id;
  return null;
end $function$;

CREATE OR REPLACE FUNCTION public.users_comments_version_update()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  update videos set comments_version = comments_version + 1 where id in (select c.video_id from comments c where c.owner_id = new.id);
  return null;
end $function$;

CREATE OR REPLACE FUNCTION public.video_views_hours()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  insert into video_view_hours (hour, video_id, views)
  values (cast(new.viewed_at / 3600000 as bigint), new.video_id, 1)
  on conflict (hour, video_id) do update set views = video_view_hours.views + 1;
  return null;
end $function$;

CREATE OR REPLACE FUNCTION public.videos_card_version_update()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  new.card_version := old.card_version + 1;
  return new;
end $function$;

CREATE OR REPLACE FUNCTION public.videos_channel_count_delete()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  update users set all_videos_count = all_videos_count - 1 where id = old.owner_id;
  return null;
end $function$;

CREATE OR REPLACE FUNCTION public.videos_channel_count_insert()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  update users set all_videos_count = all_videos_count + 1 where id = new.owner_id;
  return null;
end $function$;

CREATE OR REPLACE FUNCTION public.videos_channel_public_count_delete()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  update users set public_videos_count = public_videos_count - 1 where id = old.owner_id;
  return null;
end $function$;

CREATE OR REPLACE FUNCTION public.videos_channel_public_count_insert()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  update users set public_videos_count = public_videos_count + 1 where id = new.owner_id;
  return null;
end $function$;

CREATE OR REPLACE FUNCTION public.videos_channel_public_count_update()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  update users set public_videos_count = public_videos_count
    + (case when new.visibility = 'public' then 1 else 0 end)
    - (case when old.visibility = 'public' then 1 else 0 end)
    where id = new.owner_id;
  return null;
end $function$;

CREATE OR REPLACE FUNCTION public.videos_count_delete()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  update video_counts c set n = c.n - d.k
    from (select visibility, count(*) as k from changed group by visibility) d
    where c.visibility = d.visibility;
  return null;
end $function$;

CREATE OR REPLACE FUNCTION public.videos_count_insert()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  update video_counts c set n = c.n + d.k
    from (select visibility, count(*) as k from changed group by visibility) d
    where c.visibility = d.visibility;
  return null;
end $function$;

CREATE OR REPLACE FUNCTION public.videos_count_update()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  update video_counts
    set n = n + case when visibility = new.visibility then 1 else -1 end
    where visibility in (old.visibility, new.visibility);
  return null;
end $function$;

CREATE OR REPLACE FUNCTION public.videos_likes_hidden()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  update likes
    set target_hidden = case
      when new.visibility = 'private' and user_id <> new.owner_id then 1 else 0 end
    where target_type = 'Video' and target_id = new.id;
  return null;
end $function$;

CREATE OR REPLACE FUNCTION public.videos_published_insert()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  insert into video_publications (video_id, channel_id, published_at)
    values (new.id, new.owner_id, new.created_at)
    on conflict (video_id) do nothing;
  return null;
end $function$;

CREATE OR REPLACE FUNCTION public.videos_published_update()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  insert into video_publications (video_id, channel_id, published_at)
    values (new.id, new.owner_id, (extract(epoch from clock_timestamp()) * 1000)::bigint)
    on conflict (video_id) do nothing;
  return null;
end $function$;

CREATE OR REPLACE FUNCTION public.videos_search_generation_delete()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  update search_generation set n = n + 1 where id = 1;
  return null;
end $function$;

CREATE OR REPLACE FUNCTION public.videos_search_generation_duration()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  update search_generation set n = n + 1 where id = 1;
  return null;
end $function$;

CREATE OR REPLACE FUNCTION public.videos_search_generation_insert()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  update search_generation set n = n + 1 where id = 1;
  return null;
end $function$;

CREATE OR REPLACE FUNCTION public.videos_search_generation_update()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  update search_generation set n = n + 1 where id = 1;
  return null;
end $function$;

CREATE TRIGGER comments_comments_version_delete AFTER DELETE ON public.comments FOR EACH ROW EXECUTE FUNCTION comments_comments_version_delete();

CREATE TRIGGER comments_comments_version_insert AFTER INSERT ON public.comments FOR EACH ROW EXECUTE FUNCTION comments_comments_version_insert();

CREATE TRIGGER comments_comments_version_update AFTER UPDATE OF content, likes_count, hidden, held ON public.comments FOR EACH ROW EXECUTE FUNCTION comments_comments_version_update();

CREATE TRIGGER comments_video_count_delete AFTER DELETE ON public.comments FOR EACH ROW WHEN ((old.hidden = 0)) EXECUTE FUNCTION comments_video_count_delete();

CREATE TRIGGER comments_video_count_insert AFTER INSERT ON public.comments FOR EACH ROW WHEN ((new.hidden = 0)) EXECUTE FUNCTION comments_video_count_insert();

CREATE TRIGGER comments_video_count_update AFTER UPDATE OF hidden ON public.comments FOR EACH ROW WHEN (((old.hidden = 0) IS DISTINCT FROM (new.hidden = 0))) EXECUTE FUNCTION comments_video_count_update();

CREATE TRIGGER likes_comment_count_delete AFTER DELETE ON public.likes FOR EACH ROW WHEN ((((old.target_type)::text = 'Comment'::text) AND ((old.kind)::text = 'like'::text))) EXECUTE FUNCTION likes_comment_count_delete();

CREATE TRIGGER likes_comment_count_insert AFTER INSERT ON public.likes FOR EACH ROW WHEN ((((new.target_type)::text = 'Comment'::text) AND ((new.kind)::text = 'like'::text))) EXECUTE FUNCTION likes_comment_count_insert();

CREATE TRIGGER likes_comment_count_update AFTER UPDATE OF kind ON public.likes FOR EACH ROW WHEN ((((old.target_type)::text = 'Comment'::text) AND (((old.kind)::text = 'like'::text) IS DISTINCT FROM ((new.kind)::text = 'like'::text)))) EXECUTE FUNCTION likes_comment_count_update();

CREATE TRIGGER likes_target_hidden AFTER INSERT ON public.likes FOR EACH ROW WHEN (((new.target_type)::text = 'Video'::text)) EXECUTE FUNCTION likes_target_hidden();

CREATE TRIGGER likes_video_count_delete AFTER DELETE ON public.likes FOR EACH ROW WHEN ((((old.target_type)::text = 'Video'::text) AND ((old.kind)::text = 'like'::text))) EXECUTE FUNCTION likes_video_count_delete();

CREATE TRIGGER likes_video_count_insert AFTER INSERT ON public.likes FOR EACH ROW WHEN ((((new.target_type)::text = 'Video'::text) AND ((new.kind)::text = 'like'::text))) EXECUTE FUNCTION likes_video_count_insert();

CREATE TRIGGER likes_video_count_update AFTER UPDATE OF kind ON public.likes FOR EACH ROW WHEN ((((old.target_type)::text = 'Video'::text) AND (((old.kind)::text = 'like'::text) IS DISTINCT FROM ((new.kind)::text = 'like'::text)))) EXECUTE FUNCTION likes_video_count_update();

CREATE TRIGGER subscriptions_channel_count_delete AFTER DELETE ON public.subscriptions FOR EACH ROW EXECUTE FUNCTION subscriptions_channel_count_delete();

CREATE TRIGGER subscriptions_channel_count_insert AFTER INSERT ON public.subscriptions FOR EACH ROW EXECUTE FUNCTION subscriptions_channel_count_insert();

CREATE TRIGGER users_card_version_update AFTER UPDATE OF username, avatar_key ON public.users FOR EACH ROW WHEN ((((old.username)::text IS DISTINCT FROM (new.username)::text) OR (old.avatar_key IS DISTINCT FROM new.avatar_key))) EXECUTE FUNCTION users_card_version_update();

CREATE TRIGGER users_comments_version_update AFTER UPDATE OF username, avatar_key ON public.users FOR EACH ROW WHEN ((((old.username)::text IS DISTINCT FROM (new.username)::text) OR (old.avatar_key IS DISTINCT FROM new.avatar_key))) EXECUTE FUNCTION users_comments_version_update();

CREATE TRIGGER video_views_hours AFTER INSERT ON public.video_views FOR EACH ROW EXECUTE FUNCTION video_views_hours();

CREATE TRIGGER videos_card_version_update BEFORE UPDATE OF title, description, hashtag, visibility, duration, video_key, thumbnail_key, status, playable, processing_progress, processing_error, pending_visibility, hls_ready, storyboard_ready, media_token, blocked_reason, comments_mode ON public.videos FOR EACH ROW EXECUTE FUNCTION videos_card_version_update();

CREATE TRIGGER videos_channel_count_delete AFTER DELETE ON public.videos FOR EACH ROW EXECUTE FUNCTION videos_channel_count_delete();

CREATE TRIGGER videos_channel_count_insert AFTER INSERT ON public.videos FOR EACH ROW EXECUTE FUNCTION videos_channel_count_insert();

CREATE TRIGGER videos_channel_public_count_delete AFTER DELETE ON public.videos FOR EACH ROW WHEN (((old.visibility)::text = 'public'::text)) EXECUTE FUNCTION videos_channel_public_count_delete();

CREATE TRIGGER videos_channel_public_count_insert AFTER INSERT ON public.videos FOR EACH ROW WHEN (((new.visibility)::text = 'public'::text)) EXECUTE FUNCTION videos_channel_public_count_insert();

CREATE TRIGGER videos_channel_public_count_update AFTER UPDATE OF visibility ON public.videos FOR EACH ROW WHEN ((((old.visibility)::text = 'public'::text) IS DISTINCT FROM ((new.visibility)::text = 'public'::text))) EXECUTE FUNCTION videos_channel_public_count_update();

CREATE TRIGGER videos_count_delete AFTER DELETE ON public.videos REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION videos_count_delete();

CREATE TRIGGER videos_count_insert AFTER INSERT ON public.videos REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION videos_count_insert();

CREATE TRIGGER videos_count_update AFTER UPDATE OF visibility ON public.videos FOR EACH ROW WHEN (((old.visibility)::text IS DISTINCT FROM (new.visibility)::text)) EXECUTE FUNCTION videos_count_update();

CREATE TRIGGER videos_likes_hidden AFTER UPDATE OF visibility ON public.videos FOR EACH ROW WHEN ((((old.visibility)::text = 'private'::text) IS DISTINCT FROM ((new.visibility)::text = 'private'::text))) EXECUTE FUNCTION videos_likes_hidden();

CREATE TRIGGER videos_published_insert AFTER INSERT ON public.videos FOR EACH ROW WHEN (((new.visibility)::text = 'public'::text)) EXECUTE FUNCTION videos_published_insert();

CREATE TRIGGER videos_published_update AFTER UPDATE OF visibility ON public.videos FOR EACH ROW WHEN (((new.visibility)::text = 'public'::text)) EXECUTE FUNCTION videos_published_update();

CREATE TRIGGER videos_search_generation_delete AFTER DELETE ON public.videos FOR EACH STATEMENT EXECUTE FUNCTION videos_search_generation_delete();

CREATE TRIGGER videos_search_generation_duration AFTER UPDATE OF duration ON public.videos FOR EACH STATEMENT EXECUTE FUNCTION videos_search_generation_duration();

CREATE TRIGGER videos_search_generation_insert AFTER INSERT ON public.videos FOR EACH STATEMENT EXECUTE FUNCTION videos_search_generation_insert();

CREATE TRIGGER videos_search_generation_update AFTER UPDATE OF title, hashtag, visibility ON public.videos FOR EACH STATEMENT EXECUTE FUNCTION videos_search_generation_update();
