-- The SQL each method sends, in order, written by `npm run sql` from
-- server/sql/repository-queries.ts (examples against fixture rows). Do not edit.

-- AccountDeletionRepository.videoIdsOf
select
  "id"
from
  "videos"
where
  "owner_id" = ?;

-- AccountDeletionRepository.commentIdsOf
select
  "id",
  "parent_id"
from
  "comments"
where
  "owner_id" = ?;

-- AccountDeletionRepository.uploadIdsOf
select
  "id"
from
  "uploads"
where
  "owner_id" = ?;

-- AccountDeletionRepository.deleteAccountRows
begin immediate;

select
  "email",
  "avatar_key",
  "cover_key"
from
  "users"
where
  "id" = ?;

select
  "id"
from
  "videos"
where
  "owner_id" = ?
union all
select
  "id"
from
  "comments"
where
  "owner_id" = ?
limit
  ?;

commit;

begin immediate;

select
  "email",
  "avatar_key",
  "cover_key"
from
  "users"
where
  "id" = ?;

select
  "id"
from
  "videos"
where
  "owner_id" = ?
union all
select
  "id"
from
  "comments"
where
  "owner_id" = ?
limit
  ?;

commit;
