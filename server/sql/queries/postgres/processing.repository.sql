-- The SQL each method sends, in order, written by `npm run sql` from
-- server/sql/repository-queries.ts (examples against fixture rows). Do not edit.

-- ProcessingRepository.claim
update processing_jobs
set
  state = 'running',
  lease_owner = $1,
  lease_expires_at = $2,
  attempts = attempts + 1,
  updated_at = $3
where
  id = (
    select
      id
    from
      processing_jobs
    where
      (
        state = 'queued'
        and run_after <= $4
      )
      or (
        state = 'running'
        and lease_expires_at < $5
      )
    order by
      run_after,
      id
    limit
      1
    for update
      skip locked
  )
returning
  id,
  video_id,
  attempts;

-- ProcessingRepository.queueStats
select
  count(
    case
      when "state" = $1 then 1
    end
  ) as "queued",
  count(
    case
      when "state" = $2 then 1
    end
  ) as "running",
  count(
    case
      when (
        "state" = $3
        and "lease_expires_at" < $4
      ) then 1
    end
  ) as "stalled",
  min(
    case
      when (
        "state" = $5
        and "run_after" <= $6
      ) then "created_at"
    end
  ) as "oldest"
from
  "processing_jobs";

-- ProcessingRepository.renew
update "processing_jobs"
set
  "lease_expires_at" = $1,
  "updated_at" = $2
where
  "id" = $3
  and "lease_owner" = $4
  and "state" = $5;

-- ProcessingRepository.video
select
  "id",
  "media_token",
  "original_name",
  "duration"
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

-- ProcessingRepository.retryLater
update "processing_jobs"
set
  "state" = $1,
  "lease_owner" = $2,
  "lease_expires_at" = $3,
  "run_after" = $4,
  "last_error" = $5,
  "updated_at" = $6
where
  "id" = $7
  and "lease_owner" = $8;

-- ProcessingRepository.release
update processing_jobs
set
  state = 'running',
  lease_owner = $1,
  lease_expires_at = $2,
  attempts = attempts + 1,
  updated_at = $3
where
  id = (
    select
      id
    from
      processing_jobs
    where
      (
        state = 'queued'
        and run_after <= $4
      )
      or (
        state = 'running'
        and lease_expires_at < $5
      )
    order by
      run_after,
      id
    limit
      1
    for update
      skip locked
  )
returning
  id,
  video_id,
  attempts;

update "processing_jobs"
set
  "state" = $1,
  "lease_owner" = $2,
  "lease_expires_at" = $3,
  "attempts" = attempts - 1,
  "updated_at" = $4
where
  "id" = $5
  and "lease_owner" = $6
  and "state" = $7;

-- ProcessingRepository.complete
update processing_jobs
set
  state = 'running',
  lease_owner = $1,
  lease_expires_at = $2,
  attempts = attempts + 1,
  updated_at = $3
where
  id = (
    select
      id
    from
      processing_jobs
    where
      (
        state = 'queued'
        and run_after <= $4
      )
      or (
        state = 'running'
        and lease_expires_at < $5
      )
    order by
      run_after,
      id
    limit
      1
    for update
      skip locked
  )
returning
  id,
  video_id,
  attempts;

begin;

delete from "processing_jobs"
where
  "id" = $1
  and "lease_owner" = $2;

update "videos"
set
  "status" = $1,
  "processing_progress" = $2,
  "processing_error" = $3
where
  "id" = $4;

commit;

-- ProcessingRepository.fail
update processing_jobs
set
  state = 'running',
  lease_owner = $1,
  lease_expires_at = $2,
  attempts = attempts + 1,
  updated_at = $3
where
  id = (
    select
      id
    from
      processing_jobs
    where
      (
        state = 'queued'
        and run_after <= $4
      )
      or (
        state = 'running'
        and lease_expires_at < $5
      )
    order by
      run_after,
      id
    limit
      1
    for update
      skip locked
  )
returning
  id,
  video_id,
  attempts;

begin;

update "processing_jobs"
set
  "state" = $1,
  "lease_owner" = $2,
  "lease_expires_at" = $3,
  "last_error" = $4,
  "updated_at" = $5
where
  "id" = $6
  and "lease_owner" = $7;

commit;

-- ProcessingRepository.requeue
begin;

update "processing_jobs"
set
  "state" = $1,
  "attempts" = $2,
  "run_after" = $3,
  "last_error" = $4,
  "updated_at" = $5
where
  "video_id" = $6
  and "state" = $7;

commit;

-- ProcessingRepository.jobState
select
  "state",
  "attempts"
from
  "processing_jobs"
where
  "video_id" = $1;
