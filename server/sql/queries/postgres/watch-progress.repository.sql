-- The SQL each method sends, in order, written by `npm run sql` from
-- server/sql/repository-queries.ts (examples against fixture rows). Do not edit.

-- WatchProgressRepository.find
select
  "user_id",
  "video_id",
  "position",
  "updated_at"
from
  "watch_progress"
where
  "user_id" = $1
  and "video_id" = $2;

-- WatchProgressRepository.recordHeartbeat
begin;

insert into
  "watch_progress" ("user_id", "video_id", "position", "updated_at")
values
  ($1, $2, $3, $4)
on conflict ("user_id", "video_id") do nothing
returning
  "user_id";

insert into
  "video_watch_time" ("video_id", "day", "watch_ms")
values
  ($1, $2, $3)
on conflict ("video_id", "day") do update
set
  "watch_ms" = "video_watch_time"."watch_ms" + "excluded"."watch_ms";

commit;

select
  "user_id",
  "video_id",
  "position",
  "updated_at"
from
  "watch_progress"
where
  "user_id" = $1
  and "video_id" = $2;

begin;

update "watch_progress"
set
  "position" = $1,
  "updated_at" = $2
where
  "user_id" = $3
  and "video_id" = $4
  and "updated_at" = $5
  and "position" = $6
returning
  "user_id";

insert into
  "video_watch_time" ("video_id", "day", "watch_ms")
values
  ($1, $2, $3)
on conflict ("video_id", "day") do update
set
  "watch_ms" = "video_watch_time"."watch_ms" + "excluded"."watch_ms";

commit;

-- WatchProgressRepository.historyState
select
  "history_paused",
  "history_resumed_at"
from
  "library_settings"
where
  "user_id" = $1;

-- WatchProgressRepository.findPaused
select
  "user_id",
  "video_id",
  "position",
  "heard_at"
from
  "paused_watch_heartbeats"
where
  "user_id" = $1
  and "video_id" = $2;

-- WatchProgressRepository.recordPausedHeartbeat
begin;

select
  "id"
from
  "users"
where
  "id" = $1
for key share;

select
  "history_paused"
from
  "library_settings"
where
  "user_id" = $1
for share;

commit;

insert into
  "library_settings" ("user_id", "history_paused", "updated_at")
values
  ($1, $2, $3)
on conflict ("user_id") do update
set
  "history_paused" = $4,
  "history_resumed_at" = case
    when library_settings.history_paused = 1
    and excluded.history_paused = 0 then $5
    else library_settings.history_resumed_at
  end,
  "updated_at" = $6;

begin;

select
  "id"
from
  "users"
where
  "id" = $1
for key share;

select
  "history_paused"
from
  "library_settings"
where
  "user_id" = $1
for share;

insert into
  "paused_watch_heartbeats" ("user_id", "video_id", "position", "heard_at")
values
  ($1, $2, $3, $4)
on conflict ("user_id", "video_id") do nothing
returning
  "user_id";

insert into
  "video_watch_time" ("video_id", "day", "watch_ms")
values
  ($1, $2, $3)
on conflict ("video_id", "day") do update
set
  "watch_ms" = "video_watch_time"."watch_ms" + "excluded"."watch_ms";

commit;

select
  "user_id",
  "video_id",
  "position",
  "heard_at"
from
  "paused_watch_heartbeats"
where
  "user_id" = $1
  and "video_id" = $2;

begin;

select
  "id"
from
  "users"
where
  "id" = $1
for key share;

select
  "history_paused"
from
  "library_settings"
where
  "user_id" = $1
for share;

update "paused_watch_heartbeats"
set
  "position" = $1,
  "heard_at" = $2
where
  "user_id" = $3
  and "video_id" = $4
  and "heard_at" = $5
  and "position" = $6
returning
  "user_id";

insert into
  "video_watch_time" ("video_id", "day", "watch_ms")
values
  ($1, $2, $3)
on conflict ("video_id", "day") do update
set
  "watch_ms" = "video_watch_time"."watch_ms" + "excluded"."watch_ms";

commit;

-- WatchProgressRepository.prunePausedHeartbeats
delete from "paused_watch_heartbeats"
where
  "heard_at" < $1;
