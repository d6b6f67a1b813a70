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
  ?;

select
  "video_id",
  "file_name"
from
  "video_captions"
where
  "video_id" in (?, ?);

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
  "id" > ?
order by
  "id"
limit
  ?;

-- OrphanSweepRepository.lockedVideo
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
  "id" = ?;

select
  "video_id",
  "file_name"
from
  "video_captions"
where
  "video_id" in (?);

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
  "id" = ?;

select
  "video_id",
  "file_name"
from
  "video_captions"
where
  "video_id" in (?);

-- OrphanSweepRepository.referencedImages
select
  "avatar_key" as "key"
from
  "users"
where
  "avatar_key" in (?, ?);

select
  "cover_key" as "key"
from
  "users"
where
  "cover_key" in (?, ?);

-- OrphanSweepRepository.markFilesLost
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
  "status" = ?,
  "processing_error" = ?,
  "playable" = ?,
  "visibility" = ?,
  "pending_visibility" = coalesce(pending_visibility, visibility),
  "hls_ready" = ?,
  "storyboard_ready" = ?,
  "stored_bytes" = ?,
  "updated_at" = ?
where
  "id" = ?;

delete from "processing_jobs"
where
  "video_id" = ?;

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
  (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?);

commit;

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
  "status" = ?,
  "processing_error" = ?,
  "playable" = ?,
  "visibility" = ?,
  "pending_visibility" = coalesce(pending_visibility, visibility),
  "hls_ready" = ?,
  "storyboard_ready" = ?,
  "stored_bytes" = ?,
  "original_bytes" = ?,
  "updated_at" = ?
where
  "id" = ?;

delete from "processing_jobs"
where
  "video_id" = ?;

commit;
