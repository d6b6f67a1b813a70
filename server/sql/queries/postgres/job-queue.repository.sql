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
    $1,
    $2,
    $3,
    $4,
    $5,
    $6,
    (
      select
        case
          when x.k > $7 then x.k
          else $8
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
                  owner_id = $9
                  and priority = $10
                  and state in ('queued', 'running')
              ) + $11,
              0
            ) as k
        ) x
    ),
    'queued',
    0,
    $12,
    $13,
    $14
  );

select
  pg_notify ($1, '');

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
    $1,
    $2,
    $3,
    $4,
    $5,
    $6,
    (
      select
        case
          when x.k > $7 then x.k
          else $8
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
                  owner_id = $9
                  and priority = $10
                  and state in ('queued', 'running')
              ) + $11,
              0
            ) as k
        ) x
    ),
    'queued',
    0,
    $12,
    $13,
    $14
  );

select
  pg_notify ($1, '');

-- JobQueueRepository.claim
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
      priority <= $4
      and (
        (
          state = 'queued'
          and run_after <= $5
        )
        or (
          state = 'running'
          and lease_expires_at < $6
        )
      )
    order by
      priority,
      fair_key,
      id
    limit
      1
    for update
      skip locked
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
        (
          state = 'queued'
          and run_after <= $4
        )
        or (
          state = 'running'
          and lease_expires_at < $5
        )
      )
    order by
      priority,
      fair_key,
      id
    limit
      1
    for update
      skip locked
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

-- JobQueueRepository.queuePosition
select
  (
    select
      count(*) as "n"
    from
      "processing_jobs" as "q"
    where
      "q"."state" = $1
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
  "j"."video_id" = $2
  and "j"."state" = $3
order by
  "j"."priority",
  "j"."fair_key",
  "j"."id"
limit
  $4;

-- JobQueueRepository.renew
update "processing_jobs"
set
  "lease_expires_at" = $1,
  "updated_at" = $2
where
  "id" = $3
  and "lease_owner" = $4
  and "state" = $5;

-- JobQueueRepository.retryLater
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

-- JobQueueRepository.release
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
        (
          state = 'queued'
          and run_after <= $4
        )
        or (
          state = 'running'
          and lease_expires_at < $5
        )
      )
    order by
      priority,
      fair_key,
      id
    limit
      1
    for update
      skip locked
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
  "state" = $1,
  "lease_owner" = $2,
  "lease_expires_at" = $3,
  "attempts" = attempts - 1,
  "updated_at" = $4
where
  "id" = $5
  and "lease_owner" = $6
  and "state" = $7;

-- JobQueueRepository.complete
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
        (
          state = 'queued'
          and run_after <= $4
        )
        or (
          state = 'running'
          and lease_expires_at < $5
        )
      )
    order by
      priority,
      fair_key,
      id
    limit
      1
    for update
      skip locked
  )
returning
  id,
  kind,
  video_id,
  owner_id,
  payload,
  priority,
  attempts;

begin;

delete from "processing_jobs"
where
  "id" = $1
  and "lease_owner" = $2;

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
    $1,
    $2,
    $3,
    $4,
    $5,
    $6,
    (
      select
        case
          when x.k > $7 then x.k
          else $8
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
                  owner_id = $9
                  and priority = $10
                  and state in ('queued', 'running')
              ) + $11,
              0
            ) as k
        ) x
    ),
    'queued',
    0,
    $12,
    $13,
    $14
  );

select
  pg_notify ($1, '');

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
        (
          state = 'queued'
          and run_after <= $4
        )
        or (
          state = 'running'
          and lease_expires_at < $5
        )
      )
    order by
      priority,
      fair_key,
      id
    limit
      1
    for update
      skip locked
  )
returning
  id,
  kind,
  video_id,
  owner_id,
  payload,
  priority,
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

-- JobQueueRepository.hasFailed
select
  "id"
from
  "processing_jobs"
where
  "video_id" = $1
  and "state" = $2;

-- JobQueueRepository.removeForVideo
delete from "processing_jobs"
where
  "video_id" = $1;

-- JobQueueRepository.removeKindForVideo
delete from "processing_jobs"
where
  "video_id" = $1
  and "kind" = $2;
