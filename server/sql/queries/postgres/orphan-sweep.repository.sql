-- The SQL each method sends, in order, written by `npm run sql` from
-- server/sql/repository-queries.ts (examples against fixture rows). Do not edit.

-- OrphanSweepRepository.videosAfter
select
  "id",
  "owner_id",
  "media_token",
  "video_key",
  "thumbnail_key",
  "original_name",
  "reprocess_token",
  "status",
  "playable",
  "processing_error"
from
  "videos"
order by
  "id"
limit
  $1;

select
  "video_id",
  "file_name"
from
  "video_captions"
where
  "video_id" in ($1, $2);

select
  "id",
  "owner_id",
  "media_token",
  "video_key",
  "thumbnail_key",
  "original_name",
  "reprocess_token",
  "status",
  "playable",
  "processing_error"
from
  "videos"
where
  "id" > $1
order by
  "id"
limit
  $2;

-- OrphanSweepRepository.lockedVideo
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

select
  "id",
  "owner_id",
  "media_token",
  "video_key",
  "thumbnail_key",
  "original_name",
  "reprocess_token",
  "status",
  "playable",
  "processing_error"
from
  "videos"
where
  "id" = $1;

select
  "video_id",
  "file_name"
from
  "video_captions"
where
  "video_id" in ($1);

commit;

-- OrphanSweepRepository.video
select
  "id",
  "owner_id",
  "media_token",
  "video_key",
  "thumbnail_key",
  "original_name",
  "reprocess_token",
  "status",
  "playable",
  "processing_error"
from
  "videos"
where
  "id" = $1;

select
  "video_id",
  "file_name"
from
  "video_captions"
where
  "video_id" in ($1);

-- OrphanSweepRepository.referencedImages
select
  "avatar_key" as "key"
from
  "users"
where
  "avatar_key" in ($1, $2);

select
  "cover_key" as "key"
from
  "users"
where
  "cover_key" in ($1, $2);

-- OrphanSweepRepository.markFilesLost
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
  "status" = $1,
  "processing_error" = $2,
  "playable" = $3,
  "visibility" = $4,
  "pending_visibility" = coalesce(pending_visibility, visibility),
  "hls_ready" = $5,
  "storyboard_ready" = $6,
  "stored_bytes" = $7,
  "updated_at" = $8
where
  "id" = $9;

delete from "processing_jobs"
where
  "video_id" = $1;

insert into
  "processing_jobs" (
    "id",
    "kind",
    "video_id",
    "owner_id",
    "payload",
    "priority",
    "fair_key",
    "state",
    "attempts",
    "run_after",
    "lease_owner",
    "lease_expires_at",
    "last_error",
    "created_at",
    "updated_at"
  )
values
  (
    $1,
    $2,
    $3,
    $4,
    $5,
    $6,
    $7,
    $8,
    $9,
    $10,
    $11,
    $12,
    $13,
    $14,
    $15
  );

commit;

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
  "status" = $1,
  "processing_error" = $2,
  "playable" = $3,
  "visibility" = $4,
  "pending_visibility" = coalesce(pending_visibility, visibility),
  "hls_ready" = $5,
  "storyboard_ready" = $6,
  "stored_bytes" = $7,
  "original_bytes" = $8,
  "updated_at" = $9
where
  "id" = $10;

delete from "processing_jobs"
where
  "video_id" = $1;

commit;
