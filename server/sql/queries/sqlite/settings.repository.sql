-- The SQL each method sends, in order, written by `npm run sql` from
-- server/sql/repository-queries.ts (examples against fixture rows). Do not edit.

-- SettingsRepository.save
begin immediate;

insert into
  "instance_settings" ("key", "value", "updated_at")
values
  (?, ?, ?)
on conflict ("key") do update
set
  "value" = ?,
  "updated_at" = ?;

insert into
  "instance_settings" ("key", "value", "updated_at")
values
  (?, ?, ?)
on conflict ("key") do update
set
  "value" = ?,
  "updated_at" = ?;

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
  "key" = ?;
