-- The SQL each method sends, in order, written by `npm run sql` from
-- server/sql/repository-queries.ts (examples against fixture rows). Do not edit.

-- VideoEngagementRepository.countView
begin immediate;

insert into
  "video_view_guards" ("video_id", "viewer_key", "counted_at")
values
  (?, ?, ?)
on conflict ("video_id", "viewer_key") do update
set
  "counted_at" = "excluded"."counted_at"
where
  "video_view_guards"."counted_at" <= ?
returning
  "counted_at";

insert into
  "video_views" ("id", "video_id", "viewer_id", "viewed_at")
values
  (?, ?, ?, ?);

update "videos"
set
  "views" = "views" + ?
where
  "id" = ?;

select
  "history_paused"
from
  "library_settings"
where
  "user_id" = ?;

insert into
  "watch_history" ("user_id", "video_id", "watched_at")
values
  (?, ?, ?)
on conflict ("user_id", "video_id") do update
set
  "watched_at" = ?;

select
  "views"
from
  "videos"
where
  "id" = ?;

commit;

begin immediate;

insert into
  "video_view_guards" ("video_id", "viewer_key", "counted_at")
values
  (?, ?, ?)
on conflict ("video_id", "viewer_key") do update
set
  "counted_at" = "excluded"."counted_at"
where
  "video_view_guards"."counted_at" <= ?
returning
  "counted_at";

select
  "history_paused"
from
  "library_settings"
where
  "user_id" = ?;

insert into
  "watch_history" ("user_id", "video_id", "watched_at")
values
  (?, ?, ?)
on conflict ("user_id", "video_id") do update
set
  "watched_at" = ?;

select
  "views"
from
  "videos"
where
  "id" = ?;

commit;

-- VideoEngagementRepository.pruneViewGuards
delete from "video_view_guards"
where
  "counted_at" <= ?;
