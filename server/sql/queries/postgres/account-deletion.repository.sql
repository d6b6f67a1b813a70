-- The SQL each method sends, in order, written by `npm run sql` from
-- server/sql/repository-queries.ts (examples against fixture rows). Do not edit.

-- AccountDeletionRepository.videoIdsOf
select
  "id"
from
  "videos"
where
  "owner_id" = $1;

-- AccountDeletionRepository.commentIdsOf
select
  "id",
  "parent_id"
from
  "comments"
where
  "owner_id" = $1
order by
  "parent_id";

-- AccountDeletionRepository.deleteAccountRows
begin;

delete from "likes"
where
  "user_id" = $1;

delete from "video_view_guards"
where
  "viewer_key" = $1;

delete from "subscriptions"
where
  "subscriber_id" = $1;

delete from "subscriptions"
where
  "channel_id" = $1;

delete from "users"
where
  "id" = $1;

commit;
