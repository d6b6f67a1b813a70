-- The SQL each method sends, in order, written by `npm run sql` from
-- server/sql/repository-queries.ts (examples against fixture rows). Do not edit.

-- UploadRepository.insert
insert into
  "uploads" (
    "id",
    "owner_id",
    "size",
    "filename",
    "filetype",
    "state",
    "created_at",
    "expires_at"
  )
values
  ($1, $2, $3, $4, $5, $6, $7, $8);

-- UploadRepository.forUser
begin;

select
  id
from
  users
where
  id = $1
for update;

commit;

-- UploadRepository.usage
select
  coalesce(sum("stored_bytes"), 0) as "all",
  coalesce(
    sum(
      case
        when "created_at" >= $1 then "stored_bytes"
        else 0
      end
    ),
    0
  ) as "recent"
from
  "videos"
where
  "owner_id" = $2;

select
  coalesce(sum("size"), 0) as "all",
  coalesce(
    sum(
      case
        when "created_at" >= $1 then "size"
        else 0
      end
    ),
    0
  ) as "recent"
from
  "uploads"
where
  "owner_id" = $2;

-- UploadRepository.find
select
  "id",
  "owner_id",
  "size",
  "filename",
  "filetype",
  "state",
  "created_at",
  "expires_at"
from
  "uploads"
where
  "id" = $1;

-- UploadRepository.tryLock
update "uploads"
set
  "lock_holder" = $1,
  "lock_expires_at" = $2,
  "lock_wanted" = $3
where
  "id" = $4
  and (
    "lock_holder" is null
    or "lock_expires_at" < $5
  );

-- UploadRepository.wantLock
update "uploads"
set
  "lock_wanted" = $1
where
  "id" = $2;

-- UploadRepository.renewLock
update "uploads"
set
  "lock_expires_at" = $1
where
  "id" = $2
  and "lock_holder" = $3
returning
  "lock_wanted";

-- UploadRepository.unlock
update "uploads"
set
  "lock_holder" = $1,
  "lock_expires_at" = $2
where
  "id" = $3
  and "lock_holder" = $4;

-- UploadRepository.claimForPublish
update "uploads"
set
  "state" = $1
where
  "id" = $2
  and "owner_id" = $3
  and "state" = $4
  and "expires_at" > $5;

select
  "id",
  "owner_id",
  "size",
  "filename",
  "filetype",
  "state",
  "created_at",
  "expires_at"
from
  "uploads"
where
  "id" = $1;

-- UploadRepository.unclaim
update "uploads"
set
  "state" = $1
where
  "id" = $2
  and "state" = $3;

-- UploadRepository.expired
select
  "id"
from
  "uploads"
where
  "expires_at" <= $1
order by
  "expires_at"
limit
  $2;

-- UploadRepository.existing
select
  "id"
from
  "uploads"
where
  "id" in ($1, $2);

-- UploadRepository.delete
delete from "uploads"
where
  "id" = $1;
