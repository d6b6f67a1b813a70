-- The SQL each method sends, in order, written by `npm run sql` from
-- server/sql/repository-queries.ts (examples against fixture rows). Do not edit.

-- UserDeletionRepository.deleteAccount
begin immediate;

select
  "avatar_key",
  "cover_key"
from
  "users"
where
  "id" = ?;

delete from "likes"
where
  "target_type" = ?
  and (
    "target_id" in (
      select
        "id"
      from
        "comments"
      where
        "owner_id" = ?
    )
    or "target_id" in (
      select
        "id"
      from
        "comments"
      where
        "parent_id" in (
          select
            "id"
          from
            "comments"
          where
            "owner_id" = ?
        )
    )
    or "target_id" in (
      select
        "id"
      from
        "comments"
      where
        "video_id" in (
          select
            "id"
          from
            "videos"
          where
            "owner_id" = ?
        )
    )
  );

delete from "likes"
where
  "target_type" = ?
  and "target_id" in (
    select
      "id"
    from
      "videos"
    where
      "owner_id" = ?
  );

delete from "likes"
where
  "user_id" = ?;

delete from "comments"
where
  "parent_id" in (
    select
      "id"
    from
      "comments"
    where
      "owner_id" = ?
  );

delete from "comments"
where
  "owner_id" = ?
  and "parent_id" is not null;

delete from "comments"
where
  "owner_id" = ?;

delete from "comments"
where
  "video_id" in (
    select
      "id"
    from
      "videos"
    where
      "owner_id" = ?
  )
  and "parent_id" is not null;

delete from "comments"
where
  "video_id" in (
    select
      "id"
    from
      "videos"
    where
      "owner_id" = ?
  );

delete from "video_views"
where
  "video_id" in (
    select
      "id"
    from
      "videos"
    where
      "owner_id" = ?
  );

delete from "video_view_guards"
where
  "video_id" in (
    select
      "id"
    from
      "videos"
    where
      "owner_id" = ?
  );

delete from "watch_history"
where
  "video_id" in (
    select
      "id"
    from
      "videos"
    where
      "owner_id" = ?
  );

delete from "videos"
where
  "owner_id" = ?
returning
  "id",
  "media_token",
  "video_key",
  "thumbnail_key";

delete from "uploads"
where
  "owner_id" = ?
returning
  "id";

delete from "login_failures"
where
  "account" = ?;

delete from "users"
where
  "id" = ?;

commit;

-- UserDeletionRepository.deleteAccountNow
begin immediate;

select
  "avatar_key",
  "cover_key"
from
  "users"
where
  "id" = ?;

commit;
