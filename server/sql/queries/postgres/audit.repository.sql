-- The SQL each method sends, in order, written by `npm run sql` from
-- server/sql/repository-queries.ts (examples against fixture rows). Do not edit.

-- AuditRepository.insert
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

-- AuditRepository.page
select
  "id",
  "action",
  "actor_id",
  "actor_username",
  "target_type",
  "target_id",
  "reason",
  "created_at"
from
  "audit_log"
order by
  "created_at" desc,
  "id" desc
limit
  $1
offset
  $2;

select
  count(*) as "n"
from
  "audit_log";

select
  "id",
  "action",
  "actor_id",
  "actor_username",
  "target_type",
  "target_id",
  "reason",
  "created_at"
from
  "audit_log"
where
  "action" = $1
order by
  "created_at" desc,
  "id" desc
limit
  $2
offset
  $3;

select
  count(*) as "n"
from
  "audit_log"
where
  "action" = $1;
