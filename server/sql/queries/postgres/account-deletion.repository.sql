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

-- AccountDeletionRepository.uploadIdsOf
select
  "id"
from
  "uploads"
where
  "owner_id" = $1;

-- AccountDeletionRepository.deleteAccountRows
begin;

select
  "id"
from
  "users"
where
  (
    "id" = $1
    or "id" in (
      select
        "channel_id"
      from
        "subscriptions"
      where
        "subscriber_id" = $2
    )
  )
order by
  "id"
for no key update;

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
  "id"
from
  "users"
where
  (
    "id" = $1
    or "id" in (
      select
        "channel_id"
      from
        "subscriptions"
      where
        "subscriber_id" = $2
    )
  )
order by
  "id"
for no key update;

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
