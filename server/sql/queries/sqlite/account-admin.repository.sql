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
  "id" = ?;

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
  "id" = ?;

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
  (?, ?, ?, ?, ?, ?, ?, ?);

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
  "username" = ?;

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
  "email" = ?;

-- AccountAdminRepository.insertAccount
begin immediate;

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
  (?, ?, ?, ?, ?, ?, ?, ?, ?);

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
  (?, ?, ?, ?, ?, ?, ?, ?);

commit;

-- AccountAdminRepository.withAdminsLocked
begin immediate;

select
  "id"
from
  "users"
where
  "role" = ?;

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

select
  count(*) as "n"
from
  "users"
where
  "role" = ?
  and "suspended_at" is null;

commit;

-- AccountAdminRepository.setRole
begin immediate;

select
  "id"
from
  "users"
where
  "role" = ?;

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

select
  count(*) as "n"
from
  "users"
where
  "role" = ?
  and "suspended_at" is null;

update "users"
set
  "role" = ?
where
  "id" = ?;

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
  (?, ?, ?, ?, ?, ?, ?, ?);

commit;

-- AccountAdminRepository.dropRole
begin immediate;

select
  "id"
from
  "users"
where
  "role" = ?;

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

select
  count(*) as "n"
from
  "users"
where
  "role" = ?
  and "suspended_at" is null;

update "users"
set
  "role" = ?
where
  "id" = ?;

commit;

-- AccountAdminRepository.setPassword
begin immediate;

update "users"
set
  "password_hash" = ?
where
  "id" = ?;

delete from "sessions"
where
  "user_id" = ?;

delete from "login_failures"
where
  "account" = ?;

delete from "account_tokens"
where
  "user_id" = ?
  and "purpose" in (?, ?)
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
  (?, ?, ?, ?, ?, ?, ?, ?);

commit;

-- AccountAdminRepository.setQuota
begin immediate;

update "users"
set
  "quota_bytes" = ?
where
  "id" = ?;

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
  (?, ?, ?, ?, ?, ?, ?, ?);

commit;

-- AccountAdminRepository.turnOffTwoFactor
begin immediate;

update "users"
set
  "totp_secret" = ?,
  "totp_pending_secret" = ?,
  "totp_last_step" = ?
where
  "id" = ?
  and "totp_secret" is not null;

commit;

-- AccountAdminRepository.suspend
begin immediate;

select
  "id"
from
  "users"
where
  "role" = ?;

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

select
  count(*) as "n"
from
  "users"
where
  "role" = ?
  and "suspended_at" is null;

select
  "id"
from
  "videos"
where
  "owner_id" = ?
  and "visibility" <> ?;

update "users"
set
  "suspended_at" = ?,
  "suspension_reason" = ?
where
  "id" = ?;

update "videos"
set
  "owner_suspended" = ?,
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
  "owner_id" = ?;

update "comments"
set
  "author_suspended" = ?
where
  "owner_id" = ?;

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
    "owner_id" = ?
    or "parent_id" in (
      select
        "t"."id"
      from
        "comments" as "t"
      where
        "t"."owner_id" = ?
        and "t"."parent_id" is null
    )
  );

delete from "sessions"
where
  "user_id" = ?;

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
  (?, ?, ?, ?, ?, ?, ?, ?);

commit;

-- AccountAdminRepository.unsuspend
begin immediate;

update "users"
set
  "suspended_at" = ?,
  "suspension_reason" = ?
where
  "id" = ?
  and "suspended_at" is not null;

update "videos"
set
  "owner_suspended" = ?,
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
  "owner_id" = ?;

update "comments"
set
  "author_suspended" = ?
where
  "owner_id" = ?;

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
    "owner_id" = ?
    or "parent_id" in (
      select
        "t"."id"
      from
        "comments" as "t"
      where
        "t"."owner_id" = ?
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
  (?, ?, ?, ?, ?, ?, ?, ?);

commit;

-- AccountAdminRepository.approve
begin immediate;

update "users"
set
  "awaiting_approval" = ?
where
  "id" = ?
  and "awaiting_approval" = ?;

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
  ?
offset
  ?;

select
  count(*) as "n"
from
  "users";

select
  count(*) as "n"
from
  "users"
where
  "awaiting_approval" = ?;

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
    "username" like ? escape '\'
    or "email" like ? escape '\'
  )
  and "role" = ?
  and "suspended_at" is null
  and "awaiting_approval" = ?
order by
  "created_at" desc,
  "id" desc
limit
  ?
offset
  ?;

select
  count(*) as "n"
from
  "users"
where
  (
    "username" like ? escape '\'
    or "email" like ? escape '\'
  )
  and "role" = ?
  and "suspended_at" is null
  and "awaiting_approval" = ?;

select
  count(*) as "n"
from
  "users"
where
  "awaiting_approval" = ?;

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
  "awaiting_approval" = ?
order by
  "created_at" desc,
  "id" desc
limit
  ?
offset
  ?;

select
  count(*) as "n"
from
  "users"
where
  "awaiting_approval" = ?;

select
  count(*) as "n"
from
  "users"
where
  "awaiting_approval" = ?;

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
  ?
offset
  ?;

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
  "awaiting_approval" = ?;
