-- The SQL each method sends, in order, written by `npm run sql` from
-- server/sql/repository-queries.ts (examples against fixture rows). Do not edit.

-- UserRepository.insert
insert into
  "users" (
    "id",
    "username",
    "email",
    "full_name",
    "password_hash",
    "avatar_key",
    "cover_key",
    "created_at"
  )
values
  (?, ?, ?, ?, ?, ?, ?, ?);

-- UserRepository.findById
select
  "id",
  "username",
  "email",
  "full_name",
  "avatar_key",
  "cover_key",
  "created_at",
  "all_videos_count",
  "public_videos_count",
  "role",
  "suspended_at",
  "suspension_reason",
  "awaiting_approval",
  "quota_bytes",
  "email_verified",
  "bio"
from
  "users"
where
  "id" = ?;

-- UserRepository.findByLogin
select
  "id",
  "username",
  "email",
  "full_name",
  "avatar_key",
  "cover_key",
  "created_at",
  "all_videos_count",
  "public_videos_count",
  "role",
  "suspended_at",
  "suspension_reason",
  "awaiting_approval",
  "quota_bytes",
  "email_verified",
  "bio"
from
  "users"
where
  "username" = ?;

select
  "id",
  "username",
  "email",
  "full_name",
  "avatar_key",
  "cover_key",
  "created_at",
  "all_videos_count",
  "public_videos_count",
  "role",
  "suspended_at",
  "suspension_reason",
  "awaiting_approval",
  "quota_bytes",
  "email_verified",
  "bio"
from
  "users"
where
  "email" = ?;

-- UserRepository.passwordHashOf
select
  "password_hash"
from
  "users"
where
  "id" = ?;

-- UserRepository.findCredentials
select
  "id",
  "username",
  "email",
  "full_name",
  "avatar_key",
  "cover_key",
  "created_at",
  "all_videos_count",
  "public_videos_count",
  "role",
  "suspended_at",
  "suspension_reason",
  "awaiting_approval",
  "quota_bytes",
  "email_verified",
  "bio",
  "password_hash"
from
  "users"
where
  "username" = ?;

select
  "id",
  "username",
  "email",
  "full_name",
  "avatar_key",
  "cover_key",
  "created_at",
  "all_videos_count",
  "public_videos_count",
  "role",
  "suspended_at",
  "suspension_reason",
  "awaiting_approval",
  "quota_bytes",
  "email_verified",
  "bio",
  "password_hash"
from
  "users"
where
  "email" = ?;

-- UserRepository.findTaken
select
  "username",
  "email"
from
  "users"
where
  (
    "username" = ?
    or "email" = ?
  );

select
  "old_username"
from
  "username_redirects"
where
  "old_username" = ?;

-- UserRepository.findByUsername
select
  "id",
  "username",
  "email",
  "full_name",
  "avatar_key",
  "cover_key",
  "created_at",
  "all_videos_count",
  "public_videos_count",
  "role",
  "suspended_at",
  "suspension_reason",
  "awaiting_approval",
  "quota_bytes",
  "email_verified",
  "bio"
from
  "users"
where
  "username" = ?;

-- UserRepository.findByUsernameWithCounts
select
  "u"."id",
  "u"."username",
  "u"."email",
  "u"."full_name",
  "u"."avatar_key",
  "u"."cover_key",
  "u"."created_at",
  "u"."all_videos_count",
  "u"."public_videos_count",
  "u"."role",
  "u"."suspended_at",
  "u"."suspension_reason",
  "u"."awaiting_approval",
  "u"."quota_bytes",
  "u"."email_verified",
  "u"."bio",
  "u"."subscribers_count"
from
  "users" as "u"
where
  "u"."username" = ?;

-- UserRepository.videoCountsByChoice
select
  coalesce(pending_visibility, visibility) as "visibility",
  count(*) as "n"
from
  "videos"
where
  "owner_id" = ?
group by
  coalesce(pending_visibility, visibility);

-- UserRepository.countSubscribers
select
  count(*) as "n"
from
  "subscriptions"
where
  "channel_id" = ?;

-- UserRepository.securityOf
select
  case
    when "password_hash" is null then 0
    else 1
  end as "has_password",
  case
    when "totp_secret" is null then 0
    else 1
  end as "totp_enabled"
from
  "users"
where
  "id" = ?;

-- UserRepository.setPasswordHash
update "users"
set
  "password_hash" = ?
where
  "id" = ?;

-- UserRepository.markEmailVerified
update "users"
set
  "email_verified" = ?
where
  "id" = ?
  and "email" = ?;

-- UserRepository.changeEmail
update "users"
set
  "email" = ?,
  "email_verified" = ?
where
  "id" = ?;

-- UserRepository.usernameInUse
select
  "id"
from
  "users"
where
  "username" = ?
  and "id" <> ?;

-- UserRepository.updateProfile
update "users"
set
  "full_name" = ?,
  "bio" = ?,
  "avatar_key" = ?
where
  "id" = ?;

-- UserRepository.isSubscribed
select
  "channel_id"
from
  "subscriptions"
where
  "subscriber_id" = ?
  and "channel_id" = ?;
