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
  (?, ?, ?, ?, ?, ?, ?, ?);

-- UploadRepository.forUser
begin immediate;

commit;

-- UploadRepository.usage
select
  coalesce(sum("stored_bytes"), 0) as "all",
  coalesce(
    sum(
      case
        when "created_at" >= ? then "stored_bytes"
        else 0
      end
    ),
    0
  ) as "recent"
from
  "videos"
where
  "owner_id" = ?;

select
  coalesce(sum("size"), 0) as "all",
  coalesce(
    sum(
      case
        when "created_at" >= ? then "size"
        else 0
      end
    ),
    0
  ) as "recent"
from
  "uploads"
where
  "owner_id" = ?;

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
  "id" = ?;

-- UploadRepository.tryLock
update "uploads"
set
  "lock_holder" = ?,
  "lock_expires_at" = ?,
  "lock_wanted" = ?
where
  "id" = ?
  and (
    "lock_holder" is null
    or "lock_expires_at" < ?
  );

-- UploadRepository.wantLock
update "uploads"
set
  "lock_wanted" = ?
where
  "id" = ?;

-- UploadRepository.renewLock
update "uploads"
set
  "lock_expires_at" = ?
where
  "id" = ?
  and "lock_holder" = ?
returning
  "lock_wanted";

-- UploadRepository.unlock
update "uploads"
set
  "lock_holder" = ?,
  "lock_expires_at" = ?
where
  "id" = ?
  and "lock_holder" = ?;

-- UploadRepository.claimForPublish
update "uploads"
set
  "state" = ?
where
  "id" = ?
  and "owner_id" = ?
  and "state" = ?
  and "expires_at" > ?;

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
  "id" = ?;

-- UploadRepository.unclaim
update "uploads"
set
  "state" = ?
where
  "id" = ?
  and "state" = ?;

-- UploadRepository.expired
select
  "id"
from
  "uploads"
where
  "expires_at" <= ?
order by
  "expires_at"
limit
  ?;

-- UploadRepository.existing
select
  "id"
from
  "uploads"
where
  "id" in (?, ?);

-- UploadRepository.delete
delete from "uploads"
where
  "id" = ?;
