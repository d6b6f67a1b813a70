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
      "id" = $1
  ) as "subscribers_count",
  (
    select
      coalesce(sum(views), 0) as "n"
    from
      "videos"
    where
      "owner_id" = $2
  ) as "total_views",
  (
    select
      count(*) as "n"
    from
      "video_views" as "vv"
      inner join "videos" as "v" on "v"."id" = "vv"."video_id"
    where
      "v"."owner_id" = $3
      and "vv"."viewed_at" >= $4
  ) as "views_since",
  (
    select
      coalesce(sum(delta), 0) as "n"
    from
      "subscription_events"
    where
      "channel_id" = $5
      and "created_at" >= $6
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
      "id" = $1
  ) as "total"
from
  "videos" as "v"
where
  "v"."owner_id" = $2
order by
  "v"."created_at" desc,
  "v"."id" desc
limit
  $3;

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
      "id" = $1
  ) as "total"
from
  "videos" as "v"
where
  "v"."owner_id" = $2
order by
  lower(v.title) asc,
  "v"."id" asc
limit
  $3;

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
      "id" = $1
  ) as "total"
from
  "videos" as "v"
where
  "v"."owner_id" = $2
  and ("v"."created_at", "v"."id") < ($3, $4)
order by
  "v"."created_at" desc,
  "v"."id" desc
limit
  $5;

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
      "id" = $1
  ) as "total"
from
  "videos" as "v"
where
  "v"."owner_id" = $2
  and (lower(v.title), "v"."id") > ($3, $4)
order by
  lower(v.title) asc,
  "v"."id" asc
limit
  $5;

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
  "v"."owner_id" = $1
order by
  "v"."created_at" desc,
  "v"."id" desc
limit
  $2;

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
  "v"."owner_id" = $1
order by
  "v"."views" desc,
  "v"."created_at" desc,
  "v"."id" desc
limit
  $2;

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
  "v"."owner_id" = $1
  and "c"."hidden" = $2
order by
  "c"."created_at" desc,
  "c"."id" desc
limit
  $3;

-- StudioRepository.viewsPerDay
select
  cast("vv"."viewed_at" / 86400000 as integer) as "day",
  count(*) as "value"
from
  "video_views" as "vv"
where
  "vv"."viewed_at" >= $1
  and "vv"."viewed_at" < $2
  and "vv"."video_id" = $3
group by
  cast("vv"."viewed_at" / 86400000 as integer);

select
  cast("vv"."viewed_at" / 86400000 as integer) as "day",
  count(*) as "value"
from
  "video_views" as "vv"
where
  "vv"."viewed_at" >= $1
  and "vv"."viewed_at" < $2
  and "vv"."video_id" in (
    select
      "id"
    from
      "videos"
    where
      "owner_id" = $3
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
  "w"."day" >= $1
  and "w"."day" <= $2
  and "w"."video_id" = $3
group by
  "w"."day";

select
  "w"."day",
  sum(w.watch_ms) as "value"
from
  "video_watch_time" as "w"
where
  "w"."day" >= $1
  and "w"."day" <= $2
  and "w"."video_id" in (
    select
      "id"
    from
      "videos"
    where
      "owner_id" = $3
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
  "channel_id" = $1
  and "created_at" >= $2
  and "created_at" < $3
group by
  cast("created_at" / 86400000 as integer);
