-- The SQL each method sends, in order, written by `npm run sql` from
-- server/sql/repository-queries.ts (examples against fixture rows). Do not edit.

-- VideoEngagementRepository.countView
begin;

insert into
  "video_view_guards" ("video_id", "viewer_key", "counted_at")
values
  ($1, $2, $3)
on conflict ("video_id", "viewer_key") do update
set
  "counted_at" = "excluded"."counted_at"
where
  "video_view_guards"."counted_at" <= $4
returning
  "counted_at";

insert into
  "video_views" ("id", "video_id", "viewer_id", "viewed_at")
values
  ($1, $2, $3, $4);

update "videos"
set
  "views" = "views" + $1
where
  "id" = $2;

select
  "history_paused"
from
  "library_settings"
where
  "user_id" = $1;

insert into
  "watch_history" ("user_id", "video_id", "watched_at")
values
  ($1, $2, $3)
on conflict ("user_id", "video_id") do update
set
  "watched_at" = $4;

select
  "views"
from
  "videos"
where
  "id" = $1;

commit;

begin;

insert into
  "video_view_guards" ("video_id", "viewer_key", "counted_at")
values
  ($1, $2, $3)
on conflict ("video_id", "viewer_key") do update
set
  "counted_at" = "excluded"."counted_at"
where
  "video_view_guards"."counted_at" <= $4
returning
  "counted_at";

select
  "history_paused"
from
  "library_settings"
where
  "user_id" = $1;

insert into
  "watch_history" ("user_id", "video_id", "watched_at")
values
  ($1, $2, $3)
on conflict ("user_id", "video_id") do update
set
  "watched_at" = $4;

select
  "views"
from
  "videos"
where
  "id" = $1;

commit;

-- VideoEngagementRepository.pruneViewGuards
delete from "video_view_guards"
where
  "counted_at" <= $1;
