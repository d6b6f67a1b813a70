-- The SQL each method sends, in order, written by `npm run sql` from
-- server/sql/repository-queries.ts (examples against fixture rows). Do not edit.

-- HistoryRepository.page
select
  "v"."id",
  "v"."card_version",
  "v"."views",
  "h"."watched_at",
  "p"."position"
from
  "watch_history" as "h"
  inner join "videos" as "v" on "v"."id" = "h"."video_id"
  left join "watch_progress" as "p" on "p"."user_id" = "h"."user_id"
  and "p"."video_id" = "h"."video_id"
where
  "h"."user_id" = ?
  and (
    "v"."visibility" <> 'private'
    or "v"."owner_id" = ?
  )
order by
  "h"."watched_at" desc,
  "h"."video_id" desc
limit
  ?
offset
  ?;

select
  count(*) as "n"
from
  "watch_history" as "h"
  inner join "videos" as "v" on "v"."id" = "h"."video_id"
where
  "h"."user_id" = ?
  and (
    "v"."visibility" <> 'private'
    or "v"."owner_id" = ?
  );

select
  "v"."id",
  "v"."card_version",
  "v"."views",
  "h"."watched_at",
  "p"."position"
from
  "watch_history" as "h"
  inner join "videos" as "v" on "v"."id" = "h"."video_id"
  left join "watch_progress" as "p" on "p"."user_id" = "h"."user_id"
  and "p"."video_id" = "h"."video_id"
where
  "h"."user_id" = ?
  and (
    "v"."visibility" <> 'private'
    or "v"."owner_id" = ?
  )
  and (lower("v"."title") like ? escape '\')
order by
  "h"."watched_at" desc,
  "h"."video_id" desc
limit
  ?
offset
  ?;

select
  count(*) as "n"
from
  "watch_history" as "h"
  inner join "videos" as "v" on "v"."id" = "h"."video_id"
where
  "h"."user_id" = ?
  and (
    "v"."visibility" <> 'private'
    or "v"."owner_id" = ?
  )
  and (lower("v"."title") like ? escape '\');

-- HistoryRepository.positions
select
  "p"."video_id",
  "p"."position"
from
  "watch_progress" as "p"
  inner join "videos" as "v" on "v"."id" = "p"."video_id"
where
  "p"."user_id" = ?
  and "p"."video_id" in (?, ?)
  and "p"."position" > ?
  and (
    "v"."visibility" <> 'private'
    or "v"."owner_id" = ?
  );

-- HistoryRepository.deleteEntry
begin immediate;

delete from "watch_history"
where
  "user_id" = ?
  and "video_id" = ?;

delete from "watch_progress"
where
  "user_id" = ?
  and "video_id" = ?;

commit;

-- HistoryRepository.clear
begin immediate;

delete from "watch_history"
where
  "user_id" = ?;

delete from "watch_progress"
where
  "user_id" = ?;

delete from "paused_watch_heartbeats"
where
  "user_id" = ?;

commit;

-- HistoryRepository.forgetPausedHeartbeats
delete from "paused_watch_heartbeats"
where
  "user_id" = ?;
