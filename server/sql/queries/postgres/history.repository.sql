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
  "h"."user_id" = $1
  and (
    "v"."visibility" <> 'private'
    or "v"."owner_id" = $2
  )
order by
  "h"."watched_at" desc,
  "h"."video_id" desc
limit
  $3
offset
  $4;

select
  count(*) as "n"
from
  "watch_history" as "h"
  inner join "videos" as "v" on "v"."id" = "h"."video_id"
where
  "h"."user_id" = $1
  and (
    "v"."visibility" <> 'private'
    or "v"."owner_id" = $2
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
  "h"."user_id" = $1
  and (
    "v"."visibility" <> 'private'
    or "v"."owner_id" = $2
  )
  and (lower("v"."title") like lower($3) escape '\')
order by
  "h"."watched_at" desc,
  "h"."video_id" desc
limit
  $4
offset
  $5;

select
  count(*) as "n"
from
  "watch_history" as "h"
  inner join "videos" as "v" on "v"."id" = "h"."video_id"
where
  "h"."user_id" = $1
  and (
    "v"."visibility" <> 'private'
    or "v"."owner_id" = $2
  )
  and (lower("v"."title") like lower($3) escape '\');

-- HistoryRepository.positions
select
  "p"."video_id",
  "p"."position"
from
  "watch_progress" as "p"
  inner join "videos" as "v" on "v"."id" = "p"."video_id"
where
  "p"."user_id" = $1
  and "p"."video_id" in ($2, $3)
  and "p"."position" > $4
  and (
    "v"."visibility" <> 'private'
    or "v"."owner_id" = $5
  );

-- HistoryRepository.deleteEntry
begin;

delete from "watch_history"
where
  "user_id" = $1
  and "video_id" = $2;

delete from "watch_progress"
where
  "user_id" = $1
  and "video_id" = $2;

commit;

-- HistoryRepository.clear
begin;

delete from "watch_history"
where
  "user_id" = $1;

delete from "watch_progress"
where
  "user_id" = $1;

delete from "paused_watch_heartbeats"
where
  "user_id" = $1;

commit;

-- HistoryRepository.forgetPausedHeartbeats
delete from "paused_watch_heartbeats"
where
  "user_id" = $1;
