-- The SQL each method sends, in order, written by `npm run sql` from
-- server/sql/repository-queries.ts (examples against fixture rows). Do not edit.

-- UserDeletionRepository.deleteAccount
begin;

select
  "avatar_key",
  "cover_key"
from
  "users"
where
  "id" = $1;

select
  1
from
  videos
where
  id in (
    select
      target_id
    from
      likes
    where
      user_id = $1
      and target_type = 'Video'
    union
    select
      video_id
    from
      comments
    where
      owner_id = $2
    union
    select
      id
    from
      videos
    where
      owner_id = $3
  )
order by
  id
for no key update;

delete from "likes"
where
  "target_type" = $1
  and (
    "target_id" in (
      select
        "id"
      from
        "comments"
      where
        "owner_id" = $2
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
            "owner_id" = $3
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
            "owner_id" = $4
        )
    )
  );

delete from "likes"
where
  "target_type" = $1
  and "target_id" in (
    select
      "id"
    from
      "videos"
    where
      "owner_id" = $2
  );

delete from "likes"
where
  "user_id" = $1;

delete from "comments"
where
  "parent_id" in (
    select
      "id"
    from
      "comments"
    where
      "owner_id" = $1
  );

delete from "comments"
where
  "owner_id" = $1
  and "parent_id" is not null;

delete from "comments"
where
  "owner_id" = $1;

delete from "comments"
where
  "video_id" in (
    select
      "id"
    from
      "videos"
    where
      "owner_id" = $1
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
      "owner_id" = $1
  );

delete from "video_views"
where
  "video_id" in (
    select
      "id"
    from
      "videos"
    where
      "owner_id" = $1
  );

delete from "video_view_guards"
where
  "video_id" in (
    select
      "id"
    from
      "videos"
    where
      "owner_id" = $1
  );

delete from "watch_history"
where
  "video_id" in (
    select
      "id"
    from
      "videos"
    where
      "owner_id" = $1
  );

delete from "videos"
where
  "owner_id" = $1
returning
  "id",
  "media_token",
  "video_key",
  "thumbnail_key";

delete from "uploads"
where
  "owner_id" = $1
returning
  "id";

delete from "login_failures"
where
  "account" = $1;

delete from "users"
where
  "id" = $1;

commit;

-- UserDeletionRepository.deleteAccountNow
begin;

select
  "avatar_key",
  "cover_key"
from
  "users"
where
  "id" = $1;

commit;
