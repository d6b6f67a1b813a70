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
  "user_id" = ?
  and "video_id" = ?;

-- WatchProgressRepository.recordHeartbeat
begin immediate;

insert into
  "watch_progress" ("user_id", "video_id", "position", "updated_at")
values
  (?, ?, ?, ?)
on conflict ("user_id", "video_id") do nothing
returning
  "user_id";

insert into
  "video_watch_time" ("video_id", "day", "watch_ms")
values
  (?, ?, ?)
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
  "user_id" = ?
  and "video_id" = ?;

begin immediate;

update "watch_progress"
set
  "position" = ?,
  "updated_at" = ?
where
  "user_id" = ?
  and "video_id" = ?
  and "updated_at" = ?
  and "position" = ?
returning
  "user_id";

insert into
  "video_watch_time" ("video_id", "day", "watch_ms")
values
  (?, ?, ?)
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
  "user_id" = ?;

-- WatchProgressRepository.findPaused
select
  "user_id",
  "video_id",
  "position",
  "heard_at"
from
  "paused_watch_heartbeats"
where
  "user_id" = ?
  and "video_id" = ?;

-- WatchProgressRepository.recordPausedHeartbeat
begin immediate;

select
  "history_paused"
from
  "library_settings"
where
  "user_id" = ?;

commit;

insert into
  "library_settings" ("user_id", "history_paused", "updated_at")
values
  (?, ?, ?)
on conflict ("user_id") do update
set
  "history_paused" = ?,
  "history_resumed_at" = case
    when library_settings.history_paused = 1
    and excluded.history_paused = 0 then ?
    else library_settings.history_resumed_at
  end,
  "updated_at" = ?;

begin immediate;

select
  "history_paused"
from
  "library_settings"
where
  "user_id" = ?;

insert into
  "paused_watch_heartbeats" ("user_id", "video_id", "position", "heard_at")
values
  (?, ?, ?, ?)
on conflict ("user_id", "video_id") do nothing
returning
  "user_id";

insert into
  "video_watch_time" ("video_id", "day", "watch_ms")
values
  (?, ?, ?)
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
  "user_id" = ?
  and "video_id" = ?;

begin immediate;

select
  "history_paused"
from
  "library_settings"
where
  "user_id" = ?;

update "paused_watch_heartbeats"
set
  "position" = ?,
  "heard_at" = ?
where
  "user_id" = ?
  and "video_id" = ?
  and "heard_at" = ?
  and "position" = ?
returning
  "user_id";

insert into
  "video_watch_time" ("video_id", "day", "watch_ms")
values
  (?, ?, ?)
on conflict ("video_id", "day") do update
set
  "watch_ms" = "video_watch_time"."watch_ms" + "excluded"."watch_ms";

commit;

-- WatchProgressRepository.prunePausedHeartbeats
delete from "paused_watch_heartbeats"
where
  "heard_at" < ?;
