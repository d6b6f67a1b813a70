-- The SQL each method sends, in order, written by `npm run sql` from
-- server/sql/repository-queries.ts (examples against fixture rows). Do not edit.

-- AccountAdminRepository.findById
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
  "id" = $1;

-- AccountAdminRepository.consoleRow
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
  case
    when totp_secret is null then 0
    else 1
  end as "two_factor"
from
  "users"
where
  "id" = $1;

-- AccountAdminRepository.record
insert into
  "audit_log" (
    "id",
    "action",
    "actor_id",
    "actor_username",
    "target_type",
    "target_id",
    "reason",
    "created_at"
  )
values
  ($1, $2, $3, $4, $5, $6, $7, $8);

-- AccountAdminRepository.findByUsername
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
  "username" = $1;

-- AccountAdminRepository.findByLogin
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
  "email" = $1;

-- AccountAdminRepository.insertAccount
begin;

insert into
  "users" (
    "id",
    "username",
    "email",
    "full_name",
    "password_hash",
    "avatar_key",
    "cover_key",
    "created_at",
    "role"
  )
values
  ($1, $2, $3, $4, $5, $6, $7, $8, $9);

insert into
  "audit_log" (
    "id",
    "action",
    "actor_id",
    "actor_username",
    "target_type",
    "target_id",
    "reason",
    "created_at"
  )
values
  ($1, $2, $3, $4, $5, $6, $7, $8);

commit;

-- AccountAdminRepository.withAdminsLocked
begin;

select
  "id"
from
  "users"
where
  "role" = $1
for update;

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
  "id" = $1;

select
  count(*) as "n"
from
  "users"
where
  "role" = $1
  and "suspended_at" is null;

commit;

-- AccountAdminRepository.setRole
begin;

select
  "id"
from
  "users"
where
  "role" = $1
for update;

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
  "id" = $1;

select
  count(*) as "n"
from
  "users"
where
  "role" = $1
  and "suspended_at" is null;

update "users"
set
  "role" = $1
where
  "id" = $2;

insert into
  "audit_log" (
    "id",
    "action",
    "actor_id",
    "actor_username",
    "target_type",
    "target_id",
    "reason",
    "created_at"
  )
values
  ($1, $2, $3, $4, $5, $6, $7, $8);

commit;

-- AccountAdminRepository.dropRole
begin;

select
  "id"
from
  "users"
where
  "role" = $1
for update;

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
  "id" = $1;

select
  count(*) as "n"
from
  "users"
where
  "role" = $1
  and "suspended_at" is null;

update "users"
set
  "role" = $1
where
  "id" = $2;

commit;

-- AccountAdminRepository.setPassword
begin;

update "users"
set
  "password_hash" = $1
where
  "id" = $2;

delete from "sessions"
where
  "user_id" = $1;

delete from "login_failures"
where
  "account" = $1;

delete from "account_tokens"
where
  "user_id" = $1
  and "purpose" in ($2, $3)
  and "used_at" is null;

insert into
  "audit_log" (
    "id",
    "action",
    "actor_id",
    "actor_username",
    "target_type",
    "target_id",
    "reason",
    "created_at"
  )
values
  ($1, $2, $3, $4, $5, $6, $7, $8);

commit;

-- AccountAdminRepository.setQuota
begin;

update "users"
set
  "quota_bytes" = $1
where
  "id" = $2;

insert into
  "audit_log" (
    "id",
    "action",
    "actor_id",
    "actor_username",
    "target_type",
    "target_id",
    "reason",
    "created_at"
  )
values
  ($1, $2, $3, $4, $5, $6, $7, $8);

commit;

-- AccountAdminRepository.turnOffTwoFactor
begin;

update "users"
set
  "totp_secret" = $1,
  "totp_pending_secret" = $2,
  "totp_last_step" = $3
where
  "id" = $4
  and "totp_secret" is not null;

commit;

-- AccountAdminRepository.suspend
begin;

select
  "id"
from
  "users"
where
  "role" = $1
for update;

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
  "id" = $1;

select
  count(*) as "n"
from
  "users"
where
  "role" = $1
  and "suspended_at" is null;

select
  "id"
from
  "videos"
where
  "owner_id" = $1
  and "visibility" <> $2;

update "users"
set
  "suspended_at" = $1,
  "suspension_reason" = $2
where
  "id" = $3;

select
  "id"
from
  "videos"
where
  (
    "owner_id" = $1
    or "id" in (
      select
        "video_id"
      from
        "comments"
      where
        "owner_id" = $2
    )
  )
order by
  "id"
for no key update;

update "videos"
set
  "owner_suspended" = $1,
  "visibility" = case
    when (
      playable = 1
      and blocked_at is null
      and false
    ) then coalesce(pending_visibility, visibility)
    else 'private'
  end,
  "pending_visibility" = case
    when (
      playable = 1
      and blocked_at is null
      and false
    ) then null
    else coalesce(pending_visibility, visibility)
  end
where
  "owner_id" = $2;

update "comments"
set
  "author_suspended" = $1
where
  "owner_id" = $2;

update "comments"
set
  "hidden" = case
    when comments.held = 1
    or comments.author_suspended = 1 then 1
    when comments.parent_id is not null
    and exists (
      select
        1
      from
        comments p
      where
        p.id = comments.parent_id
        and (
          p.held = 1
          or p.author_suspended = 1
        )
    ) then 1
    else 0
  end
where
  (
    "owner_id" = $1
    or "parent_id" in (
      select
        "t"."id"
      from
        "comments" as "t"
      where
        "t"."owner_id" = $2
        and "t"."parent_id" is null
    )
  );

delete from "sessions"
where
  "user_id" = $1;

insert into
  "audit_log" (
    "id",
    "action",
    "actor_id",
    "actor_username",
    "target_type",
    "target_id",
    "reason",
    "created_at"
  )
values
  ($1, $2, $3, $4, $5, $6, $7, $8);

commit;

-- AccountAdminRepository.unsuspend
begin;

update "users"
set
  "suspended_at" = $1,
  "suspension_reason" = $2
where
  "id" = $3
  and "suspended_at" is not null;

select
  "id"
from
  "videos"
where
  (
    "owner_id" = $1
    or "id" in (
      select
        "video_id"
      from
        "comments"
      where
        "owner_id" = $2
    )
  )
order by
  "id"
for no key update;

update "videos"
set
  "owner_suspended" = $1,
  "visibility" = case
    when (
      playable = 1
      and blocked_at is null
      and true
    ) then coalesce(pending_visibility, visibility)
    else 'private'
  end,
  "pending_visibility" = case
    when (
      playable = 1
      and blocked_at is null
      and true
    ) then null
    else coalesce(pending_visibility, visibility)
  end
where
  "owner_id" = $2;

update "comments"
set
  "author_suspended" = $1
where
  "owner_id" = $2;

update "comments"
set
  "hidden" = case
    when comments.held = 1
    or comments.author_suspended = 1 then 1
    when comments.parent_id is not null
    and exists (
      select
        1
      from
        comments p
      where
        p.id = comments.parent_id
        and (
          p.held = 1
          or p.author_suspended = 1
        )
    ) then 1
    else 0
  end
where
  (
    "owner_id" = $1
    or "parent_id" in (
      select
        "t"."id"
      from
        "comments" as "t"
      where
        "t"."owner_id" = $2
        and "t"."parent_id" is null
    )
  );

insert into
  "audit_log" (
    "id",
    "action",
    "actor_id",
    "actor_username",
    "target_type",
    "target_id",
    "reason",
    "created_at"
  )
values
  ($1, $2, $3, $4, $5, $6, $7, $8);

commit;

-- AccountAdminRepository.approve
begin;

update "users"
set
  "awaiting_approval" = $1
where
  "id" = $2
  and "awaiting_approval" = $3;

commit;

-- AccountAdminRepository.page
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
  case
    when totp_secret is null then 0
    else 1
  end as "two_factor"
from
  "users"
order by
  "created_at" desc,
  "id" desc
limit
  $1
offset
  $2;

select
  count(*) as "n"
from
  "users";

select
  count(*) as "n"
from
  "users"
where
  "awaiting_approval" = $1;

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
  case
    when totp_secret is null then 0
    else 1
  end as "two_factor"
from
  "users"
where
  (
    "username" like $1 escape '\'
    or "email" like $2 escape '\'
  )
  and "role" = $3
  and "suspended_at" is null
  and "awaiting_approval" = $4
order by
  "created_at" desc,
  "id" desc
limit
  $5
offset
  $6;

select
  count(*) as "n"
from
  "users"
where
  (
    "username" like $1 escape '\'
    or "email" like $2 escape '\'
  )
  and "role" = $3
  and "suspended_at" is null
  and "awaiting_approval" = $4;

select
  count(*) as "n"
from
  "users"
where
  "awaiting_approval" = $1;

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
  case
    when totp_secret is null then 0
    else 1
  end as "two_factor"
from
  "users"
where
  "awaiting_approval" = $1
order by
  "created_at" desc,
  "id" desc
limit
  $2
offset
  $3;

select
  count(*) as "n"
from
  "users"
where
  "awaiting_approval" = $1;

select
  count(*) as "n"
from
  "users"
where
  "awaiting_approval" = $1;

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
  case
    when totp_secret is null then 0
    else 1
  end as "two_factor"
from
  "users"
where
  "suspended_at" is not null
order by
  "created_at" desc,
  "id" desc
limit
  $1
offset
  $2;

select
  count(*) as "n"
from
  "users"
where
  "suspended_at" is not null;

select
  count(*) as "n"
from
  "users"
where
  "awaiting_approval" = $1;
