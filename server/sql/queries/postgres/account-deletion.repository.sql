-- The SQL each method sends, in order, written by `npm run sql` from
-- server/sql/repository-queries.ts (examples against fixture rows). Do not edit.

-- AccountDeletionRepository.videoIdsOf
select
  "id"
from
  "videos"
where
  "owner_id" = $1;

-- AccountDeletionRepository.commentIdsOf
select
  "id",
  "parent_id"
from
  "comments"
where
  "owner_id" = $1;

-- AccountDeletionRepository.deleteAccountRows
begin;

select
  "email",
  "avatar_key",
  "cover_key"
from
  "users"
where
  "id" = $1
for update;

select
  "id"
from
  "videos"
where
  "owner_id" = $1
union all
select
  "id"
from
  "comments"
where
  "owner_id" = $2
limit
  $3;

commit;

begin;

select
  "email",
  "avatar_key",
  "cover_key"
from
  "users"
where
  "id" = $1
for update;

select
  "id"
from
  "videos"
where
  "owner_id" = $1
union all
select
  "id"
from
  "comments"
where
  "owner_id" = $2
limit
  $3;

select
  "id"
from
  "videos"
where
  (
    "id" in (
      select
        "target_id"
      from
        "likes"
      where
        "user_id" = $1
        and "target_type" = $2
    )
    or "id" in (
      select
        "c"."video_id"
      from
        "comments" as "c"
        inner join "likes" as "l" on "l"."target_id" = "c"."id"
      where
        "l"."user_id" = $3
        and "l"."target_type" = $4
    )
  )
order by
  "id"
for no key update;

delete from "likes"
where
  "user_id" = $1;

delete from "video_view_guards"
where
  "viewer_key" = $1;

select
  "email"
from
  "account_tokens"
where
  "user_id" = $1;

delete from "mail_outbox"
where
  "to_address" in ($1);

delete from "rate_limits"
where
  "subject" in ($1, $2);

delete from "login_failures"
where
  "account" = $1;

delete from "subscriptions"
where
  "subscriber_id" = $1;

delete from "subscriptions"
where
  "channel_id" = $1;

delete from "users"
where
  "id" = $1;

commit;
