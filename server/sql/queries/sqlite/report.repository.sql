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
  (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
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
  (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
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
  "reporter_id" = ?
  and "target_type" = ?
  and "target_id" = ?
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
  "r"."state" = ?
order by
  "r"."created_at" asc,
  "r"."id" asc
limit
  ?
offset
  ?;

select
  count(*) as "n"
from
  "reports" as "r"
where
  "r"."state" = ?;

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
  "r"."state" = ?
  and "r"."target_type" = ?
order by
  "r"."created_at" desc,
  "r"."id" desc
limit
  ?
offset
  ?;

select
  count(*) as "n"
from
  "reports" as "r"
where
  "r"."state" = ?
  and "r"."target_type" = ?;

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
  "id" = ?;

-- ReportRepository.decide
begin immediate;

update "reports"
set
  "state" = ?,
  "resolved_at" = ?,
  "resolved_by" = ?,
  "resolved_by_username" = ?,
  "note" = ?
where
  "id" = ?
  and "state" = ?;

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
  (?, ?, ?, ?, ?, ?, ?, ?);

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
  "v"."id" in (?);

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
  "c"."id" in (?);

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
  "u"."id" in (?);
