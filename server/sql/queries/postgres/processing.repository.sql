-- The SQL each method sends, in order, written by `npm run sql` from
-- server/sql/repository-queries.ts (examples against fixture rows). Do not edit.

-- ProcessingRepository.video
select
  "id",
  "owner_id",
  "media_token",
  "original_name",
  "thumbnail_key",
  "duration",
  "original_bytes",
  "stored_bytes",
  "reprocess_token"
from
  "videos"
where
  "id" = $1;

-- ProcessingRepository.setProgress
update "videos"
set
  "processing_progress" = $1
where
  "id" = $2
  and "status" = $3;

-- ProcessingRepository.setOutputs
update "videos"
set
  "video_key" = $1,
  "hls_ready" = $2,
  "duration" = $3
where
  "id" = $4;

-- ProcessingRepository.markPlayable
update "videos"
set
  "playable" = $1,
  "visibility" = case
    when (
      true
      and blocked_at is null
      and owner_suspended = 0
    ) then coalesce(pending_visibility, visibility)
    else 'private'
  end,
  "pending_visibility" = case
    when (
      true
      and blocked_at is null
      and owner_suspended = 0
    ) then null
    else coalesce(pending_visibility, visibility)
  end
where
  "id" = $2
  and "playable" = $3;

-- ProcessingRepository.setStoredBytes
update "videos"
set
  "stored_bytes" = $1
where
  "id" = $2;

-- ProcessingRepository.markReady
update "videos"
set
  "status" = $1,
  "processing_progress" = $2,
  "processing_error" = $3,
  "stored_bytes" = $4
where
  "id" = $5;

-- ProcessingRepository.markFailed
update "videos"
set
  "status" = $1,
  "processing_error" = $2,
  "playable" = $3,
  "visibility" = case
    when (
      false
      and blocked_at is null
      and owner_suspended = 0
    ) then coalesce(pending_visibility, visibility)
    else 'private'
  end,
  "pending_visibility" = case
    when (
      false
      and blocked_at is null
      and owner_suspended = 0
    ) then null
    else coalesce(pending_visibility, visibility)
  end,
  "hls_ready" = $4,
  "storyboard_ready" = $5,
  "stored_bytes" = $6
where
  "id" = $7;

-- ProcessingRepository.restart
begin;

update "videos"
set
  "status" = $1,
  "processing_progress" = $2,
  "processing_error" = $3
where
  "id" = $4
  and "status" = $5;

commit;

-- ProcessingRepository.dropOriginal
update "videos"
set
  "original_name" = $1,
  "stored_bytes" = stored_bytes - original_bytes,
  "original_bytes" = $2
where
  "id" = $3;

-- ProcessingRepository.lockedToken
select
  media_token
from
  videos
where
  id = $1
for update;

-- ProcessingRepository.startReprocess
begin;

update "videos"
set
  "reprocess_token" = $1
where
  "id" = $2
  and "status" = $3
  and "original_name" is not null
  and "reprocess_token" is null;

commit;

-- ProcessingRepository.endReprocess
update "videos"
set
  "reprocess_token" = $1
where
  "id" = $2
  and "reprocess_token" = $3;

-- ProcessingRepository.reprocessState
select
  "id",
  "owner_id",
  "status",
  "original_name",
  "reprocess_token"
from
  "videos"
where
  "id" = $1;

-- ProcessingRepository.reprocessable
select
  "id",
  "owner_id",
  "status",
  "original_name",
  "reprocess_token"
from
  "videos"
where
  "id" > $1
  and "status" = $2
  and "original_name" is not null
  and "reprocess_token" is null
order by
  "id"
limit
  $3;

-- ProcessingRepository.notReprocessable
select
  count(
    case
      when "original_name" is null then 1
    end
  ) as "without_original",
  count(
    case
      when "reprocess_token" is not null then 1
    end
  ) as "pending"
from
  "videos"
where
  "status" = $1;
