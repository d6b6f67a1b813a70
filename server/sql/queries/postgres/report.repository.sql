-- The SQL each method sends, in order, written by `npm run sql` from
-- server/sql/repository-queries.ts (examples against fixture rows). Do not edit.

-- ReportRepository.file
insert into
  "reports" (
    "id",
    "reporter_id",
    "target_type",
    "target_id",
    "reason",
    "details",
    "created_at",
    "resolved_at",
    "resolved_by",
    "resolved_by_username",
    "note"
  )
values
  ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
on conflict ("reporter_id", "target_type", "target_id")
where
  state = 'open' do nothing
returning
  "id",
  "reporter_id",
  "target_type",
  "target_id",
  "reason",
  "details",
  "state",
  "created_at",
  "resolved_at",
  "resolved_by",
  "resolved_by_username",
  "note";

insert into
  "reports" (
    "id",
    "reporter_id",
    "target_type",
    "target_id",
    "reason",
    "details",
    "created_at",
    "resolved_at",
    "resolved_by",
    "resolved_by_username",
    "note"
  )
values
  ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
on conflict ("reporter_id", "target_type", "target_id")
where
  state = 'open' do nothing
returning
  "id",
  "reporter_id",
  "target_type",
  "target_id",
  "reason",
  "details",
  "state",
  "created_at",
  "resolved_at",
  "resolved_by",
  "resolved_by_username",
  "note";

select
  "id",
  "reporter_id",
  "target_type",
  "target_id",
  "reason",
  "details",
  "state",
  "created_at",
  "resolved_at",
  "resolved_by",
  "resolved_by_username",
  "note"
from
  "reports"
where
  "reporter_id" = $1
  and "target_type" = $2
  and "target_id" = $3
  and "state" = 'open';

-- ReportRepository.page
select
  "r"."id",
  "r"."reporter_id",
  "r"."target_type",
  "r"."target_id",
  "r"."reason",
  "r"."details",
  "r"."state",
  "r"."created_at",
  "r"."resolved_at",
  "r"."resolved_by",
  "r"."resolved_by_username",
  "r"."note",
  "u"."username" as "reporter_username"
from
  "reports" as "r"
  left join "users" as "u" on "u"."id" = "r"."reporter_id"
where
  "r"."state" = $1
order by
  "r"."created_at" asc,
  "r"."id" asc
limit
  $2
offset
  $3;

select
  count(*) as "n"
from
  "reports" as "r"
where
  "r"."state" = $1;

select
  "r"."id",
  "r"."reporter_id",
  "r"."target_type",
  "r"."target_id",
  "r"."reason",
  "r"."details",
  "r"."state",
  "r"."created_at",
  "r"."resolved_at",
  "r"."resolved_by",
  "r"."resolved_by_username",
  "r"."note",
  "u"."username" as "reporter_username"
from
  "reports" as "r"
  left join "users" as "u" on "u"."id" = "r"."reporter_id"
where
  "r"."state" = $1
  and "r"."target_type" = $2
order by
  "r"."created_at" desc,
  "r"."id" desc
limit
  $3
offset
  $4;

select
  count(*) as "n"
from
  "reports" as "r"
where
  "r"."state" = $1
  and "r"."target_type" = $2;

-- ReportRepository.findById
select
  "id",
  "reporter_id",
  "target_type",
  "target_id",
  "reason",
  "details",
  "state",
  "created_at",
  "resolved_at",
  "resolved_by",
  "resolved_by_username",
  "note"
from
  "reports"
where
  "id" = $1;

-- ReportRepository.decide
begin;

update "reports"
set
  "state" = $1,
  "resolved_at" = $2,
  "resolved_by" = $3,
  "resolved_by_username" = $4,
  "note" = $5
where
  "id" = $6
  and "state" = $7;

insert into
  "audit_log" (
    "id",
    "action",
    "actor_id",
    "actor_username",
    "target_type",
    "target_id",
    "reason",
    "created_at"
  )
values
  ($1, $2, $3, $4, $5, $6, $7, $8);

commit;

-- ReportRepository.videoTargets
select
  "v"."id",
  "v"."title" as "text",
  "v"."owner_id",
  "u"."username" as "owner_username",
  null as "video_id",
  case
    when v.visibility = 'private' then 1
    else 0
  end as "hidden"
from
  "videos" as "v"
  inner join "users" as "u" on "u"."id" = "v"."owner_id"
where
  "v"."id" in ($1);

-- ReportRepository.commentTargets
select
  "c"."id",
  "c"."content" as "text",
  "c"."owner_id",
  "u"."username" as "owner_username",
  "c"."video_id",
  "c"."hidden"
from
  "comments" as "c"
  inner join "users" as "u" on "u"."id" = "c"."owner_id"
where
  "c"."id" in ($1);

-- ReportRepository.channelTargets
select
  "u"."id",
  "u"."full_name" as "text",
  "u"."id" as "owner_id",
  "u"."username" as "owner_username",
  null as "video_id",
  case
    when u.suspended_at is null then 0
    else 1
  end as "hidden"
from
  "users" as "u"
where
  "u"."id" in ($1);
