-- The SQL each method sends, in order, written by `npm run sql` from
-- server/sql/repository-queries.ts (examples against fixture rows). Do not edit.

-- ModerationRepository.video
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
  "u"."role" as "owner_role"
from
  "videos" as "v"
  inner join "users" as "u" on "u"."id" = "v"."owner_id"
where
  "v"."id" = ?;

-- ModerationRepository.videoPage
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
  "u"."role" as "owner_role"
from
  "videos" as "v"
  inner join "users" as "u" on "u"."id" = "v"."owner_id"
where
  1 = 1
order by
  "v"."created_at" desc,
  "v"."id" desc
limit
  ?
offset
  ?;

select
  count(*) as "n"
from
  "videos" as "v"
where
  1 = 1;

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
  "u"."role" as "owner_role"
from
  "videos" as "v"
  inner join "users" as "u" on "u"."id" = "v"."owner_id"
where
  1 = 1
  and (
    v.id = ?
    or lower(v.title) like ? escape '\'
  )
  and v.blocked_at is not null
order by
  "v"."blocked_at" desc,
  "v"."id" desc
limit
  ?
offset
  ?;

select
  count(*) as "n"
from
  "videos" as "v"
where
  1 = 1
  and (
    v.id = ?
    or lower(v.title) like ? escape '\'
  )
  and v.blocked_at is not null;

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
  "u"."role" as "owner_role"
from
  "videos" as "v"
  inner join "users" as "u" on "u"."id" = "v"."owner_id"
where
  1 = 1
  and v.visibility = 'private'
order by
  "v"."created_at" desc,
  "v"."id" desc
limit
  ?
offset
  ?;

select
  count(*) as "n"
from
  "videos" as "v"
where
  1 = 1
  and v.visibility = 'private';

-- ModerationRepository.counts
select
  (
    select
      count(*) as "n"
    from
      "users"
  ) as "users",
  (
    select
      count(*) as "n"
    from
      "users"
    where
      "awaiting_approval" = ?
  ) as "pending",
  (
    select
      count(*) as "n"
    from
      "users"
    where
      "suspended_at" is not null
  ) as "suspended",
  (
    select
      count(*) as "n"
    from
      "users"
    where
      "role" in (?, ?)
  ) as "staff",
  (
    select
      coalesce(sum(n), 0) as "n"
    from
      "video_counts"
  ) as "videos",
  (
    select
      "n"
    from
      "video_counts"
    where
      "visibility" = ?
  ) as "public_videos",
  (
    select
      count(*) as "n"
    from
      "videos"
    where
      "blocked_at" is not null
  ) as "blocked",
  (
    select
      count(*) as "n"
    from
      "reports"
    where
      "state" = ?
  ) as "open_reports",
  (
    select
      coalesce(sum(stored_bytes), 0) as "n"
    from
      "videos"
  ) as "stored_bytes";
