-- The SQL each method sends, in order, written by `npm run sql` from
-- server/sql/repository-queries.ts (examples against fixture rows). Do not edit.

-- ProcessingRepository.claim
update processing_jobs
set
  state = 'running',
  lease_owner = ?,
  lease_expires_at = ?,
  attempts = attempts + 1,
  updated_at = ?
where
  id = (
    select
      id
    from
      processing_jobs
    where
      (
        state = 'queued'
        and run_after <= ?
      )
      or (
        state = 'running'
        and lease_expires_at < ?
      )
    order by
      run_after,
      id
    limit
      1
  )
returning
  id,
  video_id,
  attempts;

-- ProcessingRepository.queueStats
select
  count(
    case
      when "state" = ? then 1
    end
  ) as "queued",
  count(
    case
      when "state" = ? then 1
    end
  ) as "running",
  count(
    case
      when (
        "state" = ?
        and "lease_expires_at" < ?
      ) then 1
    end
  ) as "stalled",
  min(
    case
      when (
        "state" = ?
        and "run_after" <= ?
      ) then "created_at"
    end
  ) as "oldest"
from
  "processing_jobs";

-- ProcessingRepository.renew
update "processing_jobs"
set
  "lease_expires_at" = ?,
  "updated_at" = ?
where
  "id" = ?
  and "lease_owner" = ?
  and "state" = ?;

-- ProcessingRepository.video
select
  "id",
  "media_token",
  "original_name",
  "duration"
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

-- ProcessingRepository.retryLater
update "processing_jobs"
set
  "state" = ?,
  "lease_owner" = ?,
  "lease_expires_at" = ?,
  "run_after" = ?,
  "last_error" = ?,
  "updated_at" = ?
where
  "id" = ?
  and "lease_owner" = ?;

-- ProcessingRepository.release
update processing_jobs
set
  state = 'running',
  lease_owner = ?,
  lease_expires_at = ?,
  attempts = attempts + 1,
  updated_at = ?
where
  id = (
    select
      id
    from
      processing_jobs
    where
      (
        state = 'queued'
        and run_after <= ?
      )
      or (
        state = 'running'
        and lease_expires_at < ?
      )
    order by
      run_after,
      id
    limit
      1
  )
returning
  id,
  video_id,
  attempts;

update "processing_jobs"
set
  "state" = ?,
  "lease_owner" = ?,
  "lease_expires_at" = ?,
  "attempts" = attempts - 1,
  "updated_at" = ?
where
  "id" = ?
  and "lease_owner" = ?
  and "state" = ?;

-- ProcessingRepository.complete
update processing_jobs
set
  state = 'running',
  lease_owner = ?,
  lease_expires_at = ?,
  attempts = attempts + 1,
  updated_at = ?
where
  id = (
    select
      id
    from
      processing_jobs
    where
      (
        state = 'queued'
        and run_after <= ?
      )
      or (
        state = 'running'
        and lease_expires_at < ?
      )
    order by
      run_after,
      id
    limit
      1
  )
returning
  id,
  video_id,
  attempts;

begin immediate;

delete from "processing_jobs"
where
  "id" = ?
  and "lease_owner" = ?;

update "videos"
set
  "status" = ?,
  "processing_progress" = ?,
  "processing_error" = ?
where
  "id" = ?;

commit;

-- ProcessingRepository.fail
update processing_jobs
set
  state = 'running',
  lease_owner = ?,
  lease_expires_at = ?,
  attempts = attempts + 1,
  updated_at = ?
where
  id = (
    select
      id
    from
      processing_jobs
    where
      (
        state = 'queued'
        and run_after <= ?
      )
      or (
        state = 'running'
        and lease_expires_at < ?
      )
    order by
      run_after,
      id
    limit
      1
  )
returning
  id,
  video_id,
  attempts;

begin immediate;

update "processing_jobs"
set
  "state" = ?,
  "lease_owner" = ?,
  "lease_expires_at" = ?,
  "last_error" = ?,
  "updated_at" = ?
where
  "id" = ?
  and "lease_owner" = ?;

commit;

-- ProcessingRepository.requeue
begin immediate;

update "processing_jobs"
set
  "state" = ?,
  "attempts" = ?,
  "run_after" = ?,
  "last_error" = ?,
  "updated_at" = ?
where
  "video_id" = ?
  and "state" = ?;

commit;

-- ProcessingRepository.jobState
select
  "state",
  "attempts"
from
  "processing_jobs"
where
  "video_id" = ?;
