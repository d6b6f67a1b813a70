-- The SQL each method sends, in order, written by `npm run sql` from
-- server/sql/repository-queries.ts (examples against fixture rows). Do not edit.

-- VideoRepository.insertForProcessing
insert into
  "videos" (
    "id",
    "owner_id",
    "title",
    "description",
    "hashtag",
    "visibility",
    "duration",
    "media_token",
    "video_key",
    "thumbnail_key",
    "created_at",
    "updated_at",
    "status",
    "pending_visibility",
    "original_name",
    "original_bytes",
    "stored_bytes"
  )
values
  (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?);

-- VideoRepository.findWithOwner
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
  "v"."id" = ?;

-- VideoRepository.findForWatch
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
  "u"."avatar_key" as "owner_avatar_key",
  "u"."subscribers_count",
  (
    select
      "kind"
    from
      "likes"
    where
      "target_type" = ?
      and "target_id" = "v"."id"
      and "user_id" = ?
  ) as "viewer_kind",
  (
    select
      count(*) as "n"
    from
      "subscriptions"
    where
      "channel_id" = "v"."owner_id"
      and "subscriber_id" = ?
  ) as "viewer_subscribed"
from
  "videos" as "v"
  inner join "users" as "u" on "u"."id" = "v"."owner_id"
where
  "v"."id" = ?;

-- VideoRepository.listedPublic
select
  "v"."id",
  "v"."card_version",
  "v"."views",
  "v"."created_at" as "sort_key",
  (
    select
      "n"
    from
      "search_generation"
    where
      "id" = ?
  ) as "search_generation"
from
  "videos" as "v"
where
  v.id in (
    select
      value
    from
      json_each(?)
  )
  and "v"."visibility" = ?;

-- VideoRepository.withOwners
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
  "v"."id" in (?, ?);

-- VideoRepository.page
select
  "v"."id",
  "v"."card_version",
  "v"."views",
  "v"."created_at" as "sort_key",
  (
    select
      coalesce(sum(n), 0) as "n"
    from
      "video_counts"
    where
      "visibility" in (?)
  ) as "total"
from
  "videos" as "v"
where
  "v"."visibility" in (?)
order by
  "v"."created_at" desc,
  "v"."id" desc
limit
  60;

select
  "v"."id",
  "v"."card_version",
  "v"."views",
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
  "v"."visibility" in (?, ?, ?)
  and "v"."owner_id" = ?
order by
  lower(v.title) asc,
  "v"."id" asc
limit
  ?
offset
  ?;

select
  "all_videos_count" as "n"
from
  "users"
where
  "id" = ?;

select
  "v"."id",
  "v"."card_version",
  "v"."views",
  "v"."created_at" as "sort_key",
  (
    select
      coalesce(sum(n), 0) as "n"
    from
      "video_counts"
    where
      "visibility" in (?)
  ) as "total"
from
  "videos" as "v"
where
  "v"."visibility" in (?)
  and ("v"."created_at", "v"."id") < (?, ?)
order by
  "v"."created_at" desc,
  "v"."id" desc
limit
  61;

-- VideoRepository.update
update "videos"
set
  "title" = ?,
  "updated_at" = ?
where
  "id" = ?;

-- VideoRepository.delete
begin immediate;

delete from "likes"
where
  "target_type" = ?
  and "target_id" = ?;

delete from "likes"
where
  "target_type" = ?
  and "target_id" in (
    select
      "id"
    from
      "comments"
    where
      "video_id" = ?
  );

delete from "comments"
where
  "video_id" = ?
  and "parent_id" is not null;

delete from "comments"
where
  "video_id" = ?;

delete from "video_views"
where
  "video_id" = ?;

delete from "video_view_guards"
where
  "video_id" = ?;

delete from "watch_history"
where
  "video_id" = ?;

delete from "videos"
where
  "id" = ?;

commit;
