-- The SQL each method sends, in order, written by `npm run sql` from
-- server/sql/repository-queries.ts (examples against fixture rows). Do not edit.

-- SettingsRepository.save
begin;

insert into
  "instance_settings" ("key", "value", "updated_at")
values
  ($1, $2, $3)
on conflict ("key") do update
set
  "value" = $4,
  "updated_at" = $5;

insert into
  "instance_settings" ("key", "value", "updated_at")
values
  ($1, $2, $3)
on conflict ("key") do update
set
  "value" = $4,
  "updated_at" = $5;

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

-- SettingsRepository.all
select
  "key",
  "value"
from
  "instance_settings";

-- SettingsRepository.one
select
  "value"
from
  "instance_settings"
where
  "key" = $1;
