-- The SQL each method sends, in order, written by `npm run sql` from
-- server/sql/repository-queries.ts (examples against fixture rows). Do not edit.

-- ExportRepository.videosOf
select
  "id",
  "title",
  "description",
  "hashtag",
  "visibility",
  "pending_visibility",
  "duration",
  "views",
  "likes_count",
  "comments_count",
  "status",
  "media_token",
  "original_name",
  "video_key",
  "created_at",
  "updated_at"
from
  "videos"
where
  "owner_id" = ?
order by
  "created_at",
  "id";

-- ExportRepository.commentsOf
select
  "id",
  "video_id",
  "parent_id",
  "content",
  "created_at",
  "updated_at"
from
  "comments"
where
  "owner_id" = ?
order by
  "created_at",
  "id";

-- ExportRepository.likesOf
select
  "target_type",
  "target_id",
  "kind",
  "created_at"
from
  "likes"
where
  "user_id" = ?
order by
  "created_at";

-- ExportRepository.subscriptionsOf
select
  "u"."id" as "channel_id",
  "u"."username",
  "s"."created_at"
from
  "subscriptions" as "s"
  inner join "users" as "u" on "u"."id" = "s"."channel_id"
where
  "s"."subscriber_id" = ?
order by
  "s"."created_at";

-- ExportRepository.historyOf
select
  "video_id",
  "watched_at"
from
  "watch_history"
where
  "user_id" = ?
order by
  "watched_at";
