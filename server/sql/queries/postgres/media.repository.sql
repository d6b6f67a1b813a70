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
  "id" = $1;

-- MediaRepository.isUserImage
select
  "id"
from
  "users"
where
  (
    "avatar_key" = $1
    or "cover_key" = $2
  )
limit
  $3;

-- MediaRepository.withLockedVideo
begin;

select
  1
from
  videos
where
  id = $1
for no key update;

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
  "id" = $1;

commit;

-- MediaRepository.update
begin;

select
  1
from
  videos
where
  id = $1
for no key update;

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
  "id" = $1;

update "videos"
set
  "thumbnail_key" = $1
where
  "id" = $2;

commit;
