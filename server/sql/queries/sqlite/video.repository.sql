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

-- VideoRepository.listedPublic
select
  "v"."id",
  "v"."card_version",
  "v"."views",
  "v"."created_at" as "sort_key"
from
  "videos" as "v"
where
  "v"."id" in (?, ?)
  and "v"."visibility" = ?;

-- VideoRepository.sitemapPage
select
  "v"."id",
  "v"."title",
  "v"."description",
  "v"."duration",
  "v"."views",
  "v"."video_key",
  "v"."thumbnail_key",
  "v"."visibility",
  "v"."created_at",
  "v"."updated_at"
from
  "videos" as "v"
where
  "v"."visibility" = ?
order by
  "v"."created_at" asc,
  "v"."id" asc
limit
  ?
offset
  ?;

-- VideoRepository.publicCount
select
  coalesce(sum(n), 0) as "n"
from
  "video_counts"
where
  "visibility" = ?;

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
  ?
offset
  ?;

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
  ?
offset
  ?;

-- VideoRepository.subscriptionPage
select
  "v"."id",
  "v"."card_version",
  "v"."views",
  "v"."created_at" as "sort_key",
  (
    select
      coalesce(sum(c.public_videos_count), 0) as "n"
    from
      "subscriptions" as "s"
      inner join "users" as "c" on "c"."id" = "s"."channel_id"
    where
      "s"."subscriber_id" = ?
  ) as "total"
from
  "videos" as "v"
where
  "v"."id" in (
    select
      "p"."id"
    from
      "videos" as "p"
    where
      "p"."visibility" = ?
      and "p"."owner_id" in (
        select
          "s"."channel_id"
        from
          "subscriptions" as "s"
        where
          "s"."subscriber_id" = ?
      )
    order by
      "p"."created_at" desc,
      "p"."id" desc
    limit
      ?
    offset
      ?
  )
order by
  "v"."created_at" desc,
  "v"."id" desc;

select
  coalesce(sum(c.public_videos_count), 0) as "n"
from
  "subscriptions" as "s"
  inner join "users" as "c" on "c"."id" = "s"."channel_id"
where
  "s"."subscriber_id" = ?;

select
  "v"."id",
  "v"."card_version",
  "v"."views",
  "v"."created_at" as "sort_key",
  (
    select
      coalesce(sum(c.public_videos_count), 0) as "n"
    from
      "subscriptions" as "s"
      inner join "users" as "c" on "c"."id" = "s"."channel_id"
    where
      "s"."subscriber_id" = ?
  ) as "total"
from
  "videos" as "v"
where
  "v"."id" in (
    select
      "p"."id"
    from
      "videos" as "p"
    where
      "p"."visibility" = ?
      and "p"."owner_id" in (
        select
          "s"."channel_id"
        from
          "subscriptions" as "s"
        where
          "s"."subscriber_id" = ?
      )
      and ("p"."created_at", "p"."id") < (?, ?)
    order by
      "p"."created_at" desc,
      "p"."id" desc
    limit
      ?
  )
order by
  "v"."created_at" desc,
  "v"."id" desc;

select
  coalesce(sum(c.public_videos_count), 0) as "n"
from
  "subscriptions" as "s"
  inner join "users" as "c" on "c"."id" = "s"."channel_id"
where
  "s"."subscriber_id" = ?;

-- VideoRepository.searchPage
select
  "v"."id",
  "v"."card_version",
  "v"."views",
  cast(f.rowid as text) as "sort_key",
  (
    select
      "n"
    from
      "search_generation"
    where
      "id" = ?
  ) as "search_generation"
from
  "videos_fts" as "f"
  inner join "videos" as "v" on "v"."id" = "f"."video_id"
where
  videos_fts match ?
  and "v"."visibility" = ?
order by
  "f"."rowid" desc
limit
  ?
offset
  ?;

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
  "v"."visibility" = ?
  and (
    lower("v"."title") like ? escape '\'
    or lower("v"."hashtag") like ? escape '\'
  )
order by
  "v"."created_at" desc,
  "v"."id" desc
limit
  ?
offset
  ?;

select
  "v"."id",
  "v"."card_version",
  "v"."views",
  cast(f.rowid as text) as "sort_key",
  (
    select
      "n"
    from
      "search_generation"
    where
      "id" = ?
  ) as "search_generation"
from
  "videos_fts" as "f"
  inner join "videos" as "v" on "v"."id" = "f"."video_id"
where
  videos_fts match ?
  and "v"."visibility" = ?
  and f.rowid >= cast(? as integer) * 1048576
  and "v"."duration" >= ?
  and "v"."duration" < ?
order by
  "f"."rowid" desc
limit
  ?
offset
  ?;

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
  "v"."visibility" = ?
  and (
    lower("v"."title") like ? escape '\'
    or lower("v"."hashtag") like ? escape '\'
  )
  and "v"."created_at" >= ?
  and "v"."duration" >= ?
  and "v"."duration" < ?
order by
  "v"."created_at" asc,
  "v"."id" asc
limit
  ?
offset
  ?;

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
  "v"."id" in (
    select
      "f"."video_id" as "id"
    from
      "videos_fts" as "f"
      inner join "videos" as "m" on "m"."id" = "f"."video_id"
    where
      videos_fts match ?
    order by
      "f"."rowid" desc
    limit
      ?
  )
  and "v"."visibility" = ?
order by
  case
    when lower(v.title) like ? escape '\' then 0
    when lower(v.title) like ? escape '\' then 1
    when lower(v.title) like ? escape '\' then 2
    else 3
  end,
  "v"."views" desc,
  "v"."created_at" desc,
  "v"."id" desc
limit
  ?
offset
  ?;

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
  "v"."id" in (
    select
      "f"."video_id" as "id"
    from
      "videos_fts" as "f"
      inner join "videos" as "m" on "m"."id" = "f"."video_id"
    where
      videos_fts match ?
      and f.rowid >= cast(? as integer) * 1048576
      and "m"."duration" >= ?
      and "m"."duration" < ?
    order by
      "f"."rowid" desc
    limit
      ?
  )
  and "v"."visibility" = ?
order by
  "v"."views" desc,
  "v"."id" desc
limit
  ?
offset
  ?;

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
  "v"."id" in (
    select
      "m"."id"
    from
      "videos" as "m"
    where
      "m"."visibility" = ?
      and (
        lower("m"."title") like ? escape '\'
        or lower("m"."hashtag") like ? escape '\'
      )
      and "m"."created_at" >= ?
      and "m"."duration" >= ?
      and "m"."duration" < ?
    order by
      "m"."created_at" desc,
      "m"."id" desc
    limit
      ?
  )
  and "v"."visibility" = ?
order by
  "v"."duration" asc,
  "v"."id" asc
limit
  ?
offset
  ?;

select
  "v"."id",
  "v"."card_version",
  "v"."views",
  cast(f.rowid as text) as "sort_key",
  (
    select
      "n"
    from
      "search_generation"
    where
      "id" = ?
  ) as "search_generation"
from
  "videos_fts" as "f"
  inner join "videos" as "v" on "v"."id" = "f"."video_id"
where
  videos_fts match ?
  and "v"."visibility" = ?
  and f.rowid < ?
order by
  "f"."rowid" desc
limit
  ?
offset
  ?;

select
  "v"."id",
  "v"."card_version",
  "v"."views",
  cast(f.rowid as text) as "sort_key",
  (
    select
      "n"
    from
      "search_generation"
    where
      "id" = ?
  ) as "search_generation"
from
  "videos_fts" as "f"
  inner join "videos" as "v" on "v"."id" = "f"."video_id"
where
  videos_fts match ?
  and "v"."visibility" = ?
  and f.rowid > ?
order by
  "f"."rowid" asc
limit
  ?
offset
  ?;

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
  "v"."visibility" = ?
  and (
    lower("v"."title") like ? escape '\'
    or lower("v"."hashtag") like ? escape '\'
  )
  and ("v"."created_at", "v"."id") < (?, ?)
order by
  "v"."created_at" desc,
  "v"."id" desc
limit
  ?
offset
  ?;

-- VideoRepository.searchCount
select
  count(*) as "n"
from
  (
    select
      1 as "one"
    from
      "videos_fts" as "f"
    where
      videos_fts match ?
    limit
      ?
  ) as "m";

select
  count(*) as "n"
from
  (
    select
      1 as "one"
    from
      "videos" as "v"
    where
      "v"."visibility" = ?
      and (
        lower("v"."title") like ? escape '\'
        or lower("v"."hashtag") like ? escape '\'
      )
    limit
      ?
  ) as "m";

select
  count(*) as "n"
from
  (
    select
      1 as "one"
    from
      "videos_fts" as "f"
    where
      videos_fts match ?
      and f.rowid >= cast(? as integer) * 1048576
    limit
      ?
  ) as "m";

select
  count(*) as "n"
from
  (
    select
      1 as "one"
    from
      "videos_fts" as "f"
      inner join "videos" as "v" on "v"."id" = "f"."video_id"
    where
      videos_fts match ?
      and f.rowid >= cast(? as integer) * 1048576
      and "v"."duration" >= ?
    limit
      ?
  ) as "m";

select
  count(*) as "n"
from
  (
    select
      1 as "one"
    from
      "videos" as "v"
    where
      "v"."visibility" = ?
      and (
        lower("v"."title") like ? escape '\'
        or lower("v"."hashtag") like ? escape '\'
      )
      and "v"."created_at" >= ?
      and "v"."duration" < ?
    limit
      ?
  ) as "m";

-- VideoRepository.searchGeneration
select
  "n"
from
  "search_generation"
where
  "id" = ?;

-- VideoRepository.suggest
select
  "video_id" as "id",
  "title"
from
  "videos_fts"
where
  videos_fts match ?
order by
  "rowid" desc
limit
  ?;

-- VideoRepository.compactSearchIndex
insert into
  videos_fts (videos_fts, rank)
values
  ('merge', -500);

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
