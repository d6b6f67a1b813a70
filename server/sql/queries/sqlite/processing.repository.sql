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
  "id" = ?;

-- ProcessingRepository.setProgress
update "videos"
set
  "processing_progress" = ?
where
  "id" = ?
  and "status" = ?;

-- ProcessingRepository.setOutputs
update "videos"
set
  "video_key" = ?,
  "hls_ready" = ?,
  "duration" = ?
where
  "id" = ?;

-- ProcessingRepository.markPlayable
update "videos"
set
  "playable" = ?,
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
  "id" = ?
  and "playable" = ?;

-- ProcessingRepository.setStoredBytes
update "videos"
set
  "stored_bytes" = ?
where
  "id" = ?;

-- ProcessingRepository.markReady
update "videos"
set
  "status" = ?,
  "processing_progress" = ?,
  "processing_error" = ?,
  "stored_bytes" = ?
where
  "id" = ?;

-- ProcessingRepository.markFailed
update "videos"
set
  "status" = ?,
  "processing_error" = ?,
  "playable" = ?,
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
  "hls_ready" = ?,
  "storyboard_ready" = ?,
  "stored_bytes" = ?
where
  "id" = ?;

-- ProcessingRepository.restart
begin immediate;

update "videos"
set
  "status" = ?,
  "processing_progress" = ?,
  "processing_error" = ?
where
  "id" = ?
  and "status" = ?;

commit;

-- ProcessingRepository.dropOriginal
update "videos"
set
  "original_name" = ?,
  "stored_bytes" = stored_bytes - original_bytes,
  "original_bytes" = ?
where
  "id" = ?;

-- ProcessingRepository.lockedToken
select
  media_token
from
  videos
where
  id = ?;

-- ProcessingRepository.startReprocess
begin immediate;

update "videos"
set
  "reprocess_token" = ?
where
  "id" = ?
  and "status" = ?
  and "original_name" is not null
  and "reprocess_token" is null;

commit;

-- ProcessingRepository.endReprocess
update "videos"
set
  "reprocess_token" = ?
where
  "id" = ?
  and "reprocess_token" = ?;

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
  "id" = ?;

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
  "id" > ?
  and "status" = ?
  and "original_name" is not null
  and "reprocess_token" is null
order by
  "id"
limit
  ?;

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
  "status" = ?;
