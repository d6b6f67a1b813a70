-- The SQL each method sends, in order, written by `npm run sql` from
-- server/sql/repository-queries.ts (examples against fixture rows). Do not edit.

-- JobQueueRepository.enqueue
insert into
  processing_jobs (
    id,
    kind,
    video_id,
    owner_id,
    payload,
    priority,
    fair_key,
    state,
    attempts,
    run_after,
    created_at,
    updated_at
  )
values
  (
    ?,
    ?,
    ?,
    ?,
    ?,
    ?,
    (
      select
        case
          when x.k > ? then x.k
          else ?
        end
      from
        (
          select
            coalesce(
              (
                select
                  max(fair_key)
                from
                  processing_jobs
                where
                  owner_id = ?
                  and priority = ?
                  and state in ('queued', 'running')
              ) + ?,
              0
            ) as k
        ) x
    ),
    'queued',
    0,
    ?,
    ?,
    ?
  );

insert into
  processing_jobs (
    id,
    kind,
    video_id,
    owner_id,
    payload,
    priority,
    fair_key,
    state,
    attempts,
    run_after,
    created_at,
    updated_at
  )
values
  (
    ?,
    ?,
    ?,
    ?,
    ?,
    ?,
    (
      select
        case
          when x.k > ? then x.k
          else ?
        end
      from
        (
          select
            coalesce(
              (
                select
                  max(fair_key)
                from
                  processing_jobs
                where
                  owner_id = ?
                  and priority = ?
                  and state in ('queued', 'running')
              ) + ?,
              0
            ) as k
        ) x
    ),
    'queued',
    0,
    ?,
    ?,
    ?
  );

-- JobQueueRepository.claim
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
      priority <= ?
      and (
        (
          state = 'queued'
          and run_after <= ?
        )
        or (
          state = 'running'
          and lease_expires_at < ?
        )
      )
    order by
      priority,
      fair_key,
      id
    limit
      1
  )
returning
  id,
  kind,
  video_id,
  owner_id,
  payload,
  priority,
  attempts;

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
        (
          state = 'queued'
          and run_after <= ?
        )
        or (
          state = 'running'
          and lease_expires_at < ?
        )
      )
    order by
      priority,
      fair_key,
      id
    limit
      1
  )
returning
  id,
  kind,
  video_id,
  owner_id,
  payload,
  priority,
  attempts;

-- JobQueueRepository.queueStats
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

-- JobQueueRepository.queuePosition
select
  (
    select
      count(*) as "n"
    from
      "processing_jobs" as "q"
    where
      "q"."state" = ?
      and (
        "q"."priority" < "j"."priority"
        or (
          "q"."priority" = "j"."priority"
          and (
            "q"."fair_key" < "j"."fair_key"
            or (
              "q"."fair_key" = "j"."fair_key"
              and "q"."id" < "j"."id"
            )
          )
        )
      )
  ) as "ahead"
from
  "processing_jobs" as "j"
where
  "j"."video_id" = ?
  and "j"."state" = ?
order by
  "j"."priority",
  "j"."fair_key",
  "j"."id"
limit
  ?;

-- JobQueueRepository.renew
update "processing_jobs"
set
  "lease_expires_at" = ?,
  "updated_at" = ?
where
  "id" = ?
  and "lease_owner" = ?
  and "state" = ?;

-- JobQueueRepository.retryLater
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

-- JobQueueRepository.release
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
        (
          state = 'queued'
          and run_after <= ?
        )
        or (
          state = 'running'
          and lease_expires_at < ?
        )
      )
    order by
      priority,
      fair_key,
      id
    limit
      1
  )
returning
  id,
  kind,
  video_id,
  owner_id,
  payload,
  priority,
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

-- JobQueueRepository.complete
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
        (
          state = 'queued'
          and run_after <= ?
        )
        or (
          state = 'running'
          and lease_expires_at < ?
        )
      )
    order by
      priority,
      fair_key,
      id
    limit
      1
  )
returning
  id,
  kind,
  video_id,
  owner_id,
  payload,
  priority,
  attempts;

begin immediate;

delete from "processing_jobs"
where
  "id" = ?
  and "lease_owner" = ?;

commit;

-- JobQueueRepository.fail
insert into
  processing_jobs (
    id,
    kind,
    video_id,
    owner_id,
    payload,
    priority,
    fair_key,
    state,
    attempts,
    run_after,
    created_at,
    updated_at
  )
values
  (
    ?,
    ?,
    ?,
    ?,
    ?,
    ?,
    (
      select
        case
          when x.k > ? then x.k
          else ?
        end
      from
        (
          select
            coalesce(
              (
                select
                  max(fair_key)
                from
                  processing_jobs
                where
                  owner_id = ?
                  and priority = ?
                  and state in ('queued', 'running')
              ) + ?,
              0
            ) as k
        ) x
    ),
    'queued',
    0,
    ?,
    ?,
    ?
  );

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
        (
          state = 'queued'
          and run_after <= ?
        )
        or (
          state = 'running'
          and lease_expires_at < ?
        )
      )
    order by
      priority,
      fair_key,
      id
    limit
      1
  )
returning
  id,
  kind,
  video_id,
  owner_id,
  payload,
  priority,
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

-- JobQueueRepository.hasFailed
select
  "id"
from
  "processing_jobs"
where
  "video_id" = ?
  and "state" = ?;

-- JobQueueRepository.removeForVideo
delete from "processing_jobs"
where
  "video_id" = ?;

-- JobQueueRepository.removeKindForVideo
delete from "processing_jobs"
where
  "video_id" = ?
  and "kind" = ?;
