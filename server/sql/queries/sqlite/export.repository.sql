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
  "h"."video_id",
  "h"."watched_at",
  "p"."position"
from
  "watch_history" as "h"
  left join "watch_progress" as "p" on "p"."user_id" = "h"."user_id"
  and "p"."video_id" = "h"."video_id"
where
  "h"."user_id" = ?
order by
  "h"."watched_at",
  "h"."video_id";

-- ExportRepository.playlistsOf
select
  "id",
  "kind",
  "title",
  "description",
  "visibility",
  "created_at",
  "updated_at"
from
  "playlists"
where
  "owner_id" = ?
order by
  "created_at",
  "id";

-- ExportRepository.playlistItemsOf
select
  "i"."playlist_id",
  "i"."video_id",
  "i"."added_at"
from
  "playlist_items" as "i"
  inner join "playlists" as "p" on "p"."id" = "i"."playlist_id"
where
  "p"."owner_id" = ?
order by
  "i"."playlist_id",
  "i"."position",
  "i"."video_id";
