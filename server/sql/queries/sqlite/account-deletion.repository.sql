-- The SQL each method sends, in order, written by `npm run sql` from
-- server/sql/repository-queries.ts (examples against fixture rows). Do not edit.

-- AccountDeletionRepository.videoIdsOf
select
  "id"
from
  "videos"
where
  "owner_id" = ?;

-- AccountDeletionRepository.commentIdsOf
select
  "id",
  "parent_id"
from
  "comments"
where
  "owner_id" = ?
order by
  "parent_id";

-- AccountDeletionRepository.deleteAccountRows
begin immediate;

delete from "likes"
where
  "user_id" = ?;

delete from "video_view_guards"
where
  "viewer_key" = ?;

delete from "subscriptions"
where
  "subscriber_id" = ?;

delete from "subscriptions"
where
  "channel_id" = ?;

delete from "users"
where
  "id" = ?;

commit;
