-- The SQL each method sends, in order, written by `npm run sql` from
-- server/sql/repository-queries.ts (examples against fixture rows). Do not edit.

-- StudioRepository.channelSummary
select
  (
    select
      "subscribers_count"
    from
      "users"
    where
      "id" = ?
  ) as "subscribers_count",
  (
    select
      coalesce(sum(views), 0) as "n"
    from
      "videos"
    where
      "owner_id" = ?
  ) as "total_views",
  (
    select
      count(*) as "n"
    from
      "video_views" as "vv"
      inner join "videos" as "v" on "v"."id" = "vv"."video_id"
    where
      "v"."owner_id" = ?
      and "vv"."viewed_at" >= ?
  ) as "views_since",
  (
    select
      coalesce(sum(delta), 0) as "n"
    from
      "subscription_events"
    where
      "channel_id" = ?
      and "created_at" >= ?
  ) as "net_subscribers_since";

-- StudioRepository.page
select
  "v"."id",
  "v"."card_version",
  "v"."views",
  "v"."likes_count",
  "v"."comments_count",
  "v"."created_at" as "sort_key",
  (
    select
      "all_videos_count" as "n"
    from
      "users"
    where
      "id" = ?
  ) as "total"
from
  "videos" as "v"
where
  "v"."owner_id" = ?
order by
  "v"."created_at" desc,
  "v"."id" desc
limit
  ?;

select
  "v"."id",
  "v"."card_version",
  "v"."views",
  "v"."likes_count",
  "v"."comments_count",
  lower(v.title) as "sort_key",
  (
    select
      "all_videos_count" as "n"
    from
      "users"
    where
      "id" = ?
  ) as "total"
from
  "videos" as "v"
where
  "v"."owner_id" = ?
order by
  lower(v.title) asc,
  "v"."id" asc
limit
  ?;

select
  "v"."id",
  "v"."card_version",
  "v"."views",
  "v"."likes_count",
  "v"."comments_count",
  "v"."created_at" as "sort_key",
  (
    select
      "all_videos_count" as "n"
    from
      "users"
    where
      "id" = ?
  ) as "total"
from
  "videos" as "v"
where
  "v"."owner_id" = ?
  and ("v"."created_at", "v"."id") < (?, ?)
order by
  "v"."created_at" desc,
  "v"."id" desc
limit
  ?;

select
  "v"."id",
  "v"."card_version",
  "v"."views",
  "v"."likes_count",
  "v"."comments_count",
  lower(v.title) as "sort_key",
  (
    select
      "all_videos_count" as "n"
    from
      "users"
    where
      "id" = ?
  ) as "total"
from
  "videos" as "v"
where
  "v"."owner_id" = ?
  and (lower(v.title), "v"."id") > (?, ?)
order by
  lower(v.title) asc,
  "v"."id" asc
limit
  ?;

-- StudioRepository.newest
select
  "v"."id",
  "v"."owner_id",
  "v"."title",
  "v"."description",
  "v"."hashtag",
  "v"."visibility",
  "v"."duration",
  "v"."views",
  "v"."video_key",
  "v"."thumbnail_key",
  "v"."created_at",
  "v"."updated_at",
  "v"."likes_count",
  "v"."comments_count",
  "v"."comments_version",
  "v"."card_version",
  "v"."media_token",
  "v"."status",
  "v"."playable",
  "v"."processing_progress",
  "v"."processing_error",
  "v"."pending_visibility",
  "v"."original_name",
  "v"."hls_ready",
  "v"."storyboard_ready",
  "v"."blocked_at",
  "v"."blocked_reason",
  "v"."owner_suspended",
  "v"."comments_mode",
  "u"."username" as "owner_username",
  "u"."avatar_key" as "owner_avatar_key"
from
  "videos" as "v"
  inner join "users" as "u" on "u"."id" = "v"."owner_id"
where
  "v"."owner_id" = ?
order by
  "v"."created_at" desc,
  "v"."id" desc
limit
  ?;

-- StudioRepository.mostViewed
select
  "v"."id",
  "v"."owner_id",
  "v"."title",
  "v"."description",
  "v"."hashtag",
  "v"."visibility",
  "v"."duration",
  "v"."views",
  "v"."video_key",
  "v"."thumbnail_key",
  "v"."created_at",
  "v"."updated_at",
  "v"."likes_count",
  "v"."comments_count",
  "v"."comments_version",
  "v"."card_version",
  "v"."media_token",
  "v"."status",
  "v"."playable",
  "v"."processing_progress",
  "v"."processing_error",
  "v"."pending_visibility",
  "v"."original_name",
  "v"."hls_ready",
  "v"."storyboard_ready",
  "v"."blocked_at",
  "v"."blocked_reason",
  "v"."owner_suspended",
  "v"."comments_mode",
  "u"."username" as "owner_username",
  "u"."avatar_key" as "owner_avatar_key"
from
  "videos" as "v"
  inner join "users" as "u" on "u"."id" = "v"."owner_id"
where
  "v"."owner_id" = ?
order by
  "v"."views" desc,
  "v"."created_at" desc,
  "v"."id" desc
limit
  ?;

-- StudioRepository.latestComments
select
  "c"."id",
  "c"."content",
  "c"."created_at",
  "c"."owner_id",
  "u"."username" as "owner_username",
  "u"."avatar_key" as "owner_avatar_key",
  "c"."video_id",
  "v"."title" as "video_title"
from
  "comments" as "c"
  inner join "videos" as "v" on "v"."id" = "c"."video_id"
  inner join "users" as "u" on "u"."id" = "c"."owner_id"
where
  "v"."owner_id" = ?
  and "c"."hidden" = ?
order by
  "c"."created_at" desc,
  "c"."id" desc
limit
  ?;

-- StudioRepository.viewsPerDay
select
  cast("vv"."viewed_at" / 86400000 as integer) as "day",
  count(*) as "value"
from
  "video_views" as "vv"
where
  "vv"."viewed_at" >= ?
  and "vv"."viewed_at" < ?
  and "vv"."video_id" = ?
group by
  cast("vv"."viewed_at" / 86400000 as integer);

select
  cast("vv"."viewed_at" / 86400000 as integer) as "day",
  count(*) as "value"
from
  "video_views" as "vv"
where
  "vv"."viewed_at" >= ?
  and "vv"."viewed_at" < ?
  and "vv"."video_id" in (
    select
      "id"
    from
      "videos"
    where
      "owner_id" = ?
  )
group by
  cast("vv"."viewed_at" / 86400000 as integer);

-- StudioRepository.watchMsPerDay
select
  "w"."day",
  sum(w.watch_ms) as "value"
from
  "video_watch_time" as "w"
where
  "w"."day" >= ?
  and "w"."day" <= ?
  and "w"."video_id" = ?
group by
  "w"."day";

select
  "w"."day",
  sum(w.watch_ms) as "value"
from
  "video_watch_time" as "w"
where
  "w"."day" >= ?
  and "w"."day" <= ?
  and "w"."video_id" in (
    select
      "id"
    from
      "videos"
    where
      "owner_id" = ?
  )
group by
  "w"."day";

-- StudioRepository.netSubscribersPerDay
select
  cast("created_at" / 86400000 as integer) as "day",
  sum(delta) as "value"
from
  "subscription_events"
where
  "channel_id" = ?
  and "created_at" >= ?
  and "created_at" < ?
group by
  cast("created_at" / 86400000 as integer);
