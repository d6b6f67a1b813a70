-- The SQL each method sends, in order, written by `npm run sql` from
-- server/sql/repository-queries.ts (examples against fixture rows). Do not edit.

-- MediaRepository.videoMedia
select
  "id",
  "owner_id",
  "visibility",
  "media_token",
  "video_key",
  "thumbnail_key",
  "reprocess_token"
from
  "videos"
where
  "id" = ?;

-- MediaRepository.isUserImage
select
  "id"
from
  "users"
where
  (
    "avatar_key" = ?
    or "cover_key" = ?
  )
limit
  ?;

-- MediaRepository.withLockedVideo
begin immediate;

select
  "id",
  "owner_id",
  "visibility",
  "media_token",
  "video_key",
  "thumbnail_key",
  "reprocess_token"
from
  "videos"
where
  "id" = ?;

commit;

-- MediaRepository.update
begin immediate;

select
  "id",
  "owner_id",
  "visibility",
  "media_token",
  "video_key",
  "thumbnail_key",
  "reprocess_token"
from
  "videos"
where
  "id" = ?;

update "videos"
set
  "thumbnail_key" = ?
where
  "id" = ?;

commit;
