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
  (
    $1,
    $2,
    $3,
    $4,
    $5,
    $6,
    $7,
    $8,
    $9,
    $10,
    $11,
    $12,
    $13,
    $14,
    $15,
    $16,
    $17
  );

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
  "v"."id" = $1;

-- VideoRepository.listedPublic
select
  "v"."id",
  "v"."card_version",
  "v"."views",
  "v"."created_at" as "sort_key"
from
  "videos" as "v"
where
  "v"."id" in ($1, $2)
  and "v"."visibility" = $3;

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
  "v"."visibility" = $1
order by
  "v"."created_at" asc,
  "v"."id" asc
limit
  $2
offset
  $3;

-- VideoRepository.publicCount
select
  coalesce(sum(n), 0) as "n"
from
  "video_counts"
where
  "visibility" = $1;

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
  "v"."id" in ($1, $2);

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
      "visibility" in ($1)
  ) as "total"
from
  "videos" as "v"
where
  "v"."visibility" in ($2)
order by
  "v"."created_at" desc,
  "v"."id" desc
limit
  $3
offset
  $4;

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
      "id" = $1
  ) as "total"
from
  "videos" as "v"
where
  "v"."visibility" in ($2, $3, $4)
  and "v"."owner_id" = $5
order by
  lower(v.title) asc,
  "v"."id" asc
limit
  $6
offset
  $7;

select
  "all_videos_count" as "n"
from
  "users"
where
  "id" = $1;

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
      "visibility" in ($1)
  ) as "total"
from
  "videos" as "v"
where
  "v"."visibility" in ($2)
  and ("v"."created_at", "v"."id") < ($3, $4)
order by
  "v"."created_at" desc,
  "v"."id" desc
limit
  $5
offset
  $6;

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
      "s"."subscriber_id" = $1
  ) as "total"
from
  "videos" as "v"
where
  "v"."id" in (
    select
      "p"."id"
    from
      "subscriptions" as "s"
      inner join lateral (
        select
          "c"."id",
          "c"."created_at"
        from
          "videos" as "c"
        where
          "c"."owner_id" = "s"."channel_id"
          and "c"."visibility" = $2
        order by
          "c"."created_at" desc,
          "c"."id" desc
        limit
          $3
      ) as "p" on true
    where
      "s"."subscriber_id" = $4
    order by
      "p"."created_at" desc,
      "p"."id" desc
    limit
      $5
    offset
      $6
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
  "s"."subscriber_id" = $1;

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
      "s"."subscriber_id" = $1
  ) as "total"
from
  "videos" as "v"
where
  "v"."id" in (
    select
      "p"."id"
    from
      "subscriptions" as "s"
      inner join lateral (
        select
          "c"."id",
          "c"."created_at"
        from
          "videos" as "c"
        where
          "c"."owner_id" = "s"."channel_id"
          and "c"."visibility" = $2
          and ("c"."created_at", "c"."id") < ($3, $4)
        order by
          "c"."created_at" desc,
          "c"."id" desc
        limit
          $5
      ) as "p" on true
    where
      "s"."subscriber_id" = $6
    order by
      "p"."created_at" desc,
      "p"."id" desc
    limit
      $7
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
  "s"."subscriber_id" = $1;

-- VideoRepository.searchPage
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
      "id" = $1
  ) as "search_generation"
from
  "videos" as "v"
where
  "v"."visibility" = $2
  and (
    lower("v"."title") ilike $3 escape '\'
    or lower("v"."hashtag") ilike $4 escape '\'
  )
order by
  "v"."created_at" desc,
  "v"."id" desc
limit
  $5
offset
  $6;

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
      "id" = $1
  ) as "search_generation"
from
  "videos" as "v"
where
  "v"."visibility" = $2
  and (
    lower("v"."title") ilike $3 escape '\'
    or lower("v"."hashtag") ilike $4 escape '\'
  )
order by
  "v"."created_at" desc,
  "v"."id" desc
limit
  $5
offset
  $6;

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
      "id" = $1
  ) as "search_generation"
from
  "videos" as "v"
where
  "v"."visibility" = $2
  and (
    lower("v"."title") ilike $3 escape '\'
    or lower("v"."hashtag") ilike $4 escape '\'
  )
  and "v"."created_at" >= $5
  and "v"."duration" >= $6
  and "v"."duration" < $7
order by
  "v"."created_at" desc,
  "v"."id" desc
limit
  $8
offset
  $9;

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
      "id" = $1
  ) as "search_generation"
from
  "videos" as "v"
where
  "v"."visibility" = $2
  and (
    lower("v"."title") ilike $3 escape '\'
    or lower("v"."hashtag") ilike $4 escape '\'
  )
  and "v"."created_at" >= $5
  and "v"."duration" >= $6
  and "v"."duration" < $7
order by
  "v"."created_at" asc,
  "v"."id" asc
limit
  $8
offset
  $9;

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
      "id" = $1
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
      "m"."visibility" = $2
      and (
        lower("m"."title") ilike $3 escape '\'
        or lower("m"."hashtag") ilike $4 escape '\'
      )
    order by
      "m"."created_at" desc,
      "m"."id" desc
    limit
      $5
  )
  and "v"."visibility" = $6
order by
  case
    when lower(v.title) ilike $7 escape '\' then 0
    when lower(v.title) ilike $8 escape '\' then 1
    when lower(v.title) ilike $9 escape '\' then 2
    else 3
  end,
  "v"."views" desc,
  "v"."created_at" desc,
  "v"."id" desc
limit
  $10
offset
  $11;

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
      "id" = $1
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
      "m"."visibility" = $2
      and (
        lower("m"."title") ilike $3 escape '\'
        or lower("m"."hashtag") ilike $4 escape '\'
      )
      and "m"."created_at" >= $5
      and "m"."duration" >= $6
      and "m"."duration" < $7
    order by
      "m"."created_at" desc,
      "m"."id" desc
    limit
      $8
  )
  and "v"."visibility" = $9
order by
  "v"."views" desc,
  "v"."id" desc
limit
  $10
offset
  $11;

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
      "id" = $1
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
      "m"."visibility" = $2
      and (
        lower("m"."title") ilike $3 escape '\'
        or lower("m"."hashtag") ilike $4 escape '\'
      )
      and "m"."created_at" >= $5
      and "m"."duration" >= $6
      and "m"."duration" < $7
    order by
      "m"."created_at" desc,
      "m"."id" desc
    limit
      $8
  )
  and "v"."visibility" = $9
order by
  "v"."duration" asc,
  "v"."id" asc
limit
  $10
offset
  $11;

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
      "id" = $1
  ) as "search_generation"
from
  "videos" as "v"
where
  "v"."visibility" = $2
  and (
    lower("v"."title") ilike $3 escape '\'
    or lower("v"."hashtag") ilike $4 escape '\'
  )
  and ("v"."created_at", "v"."id") < ($5, $6)
order by
  "v"."created_at" desc,
  "v"."id" desc
limit
  $7
offset
  $8;

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
      "id" = $1
  ) as "search_generation"
from
  "videos" as "v"
where
  "v"."visibility" = $2
  and (
    lower("v"."title") ilike $3 escape '\'
    or lower("v"."hashtag") ilike $4 escape '\'
  )
  and ("v"."created_at", "v"."id") > ($5, $6)
order by
  "v"."created_at" asc,
  "v"."id" asc
limit
  $7
offset
  $8;

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
      "id" = $1
  ) as "search_generation"
from
  "videos" as "v"
where
  "v"."visibility" = $2
  and (
    lower("v"."title") ilike $3 escape '\'
    or lower("v"."hashtag") ilike $4 escape '\'
  )
  and ("v"."created_at", "v"."id") < ($5, $6)
order by
  "v"."created_at" desc,
  "v"."id" desc
limit
  $7
offset
  $8;

-- VideoRepository.searchCount
select
  count(*) as "n"
from
  (
    select
      1 as "one"
    from
      "videos" as "v"
    where
      "v"."visibility" = $1
      and (
        lower("v"."title") ilike $2 escape '\'
        or lower("v"."hashtag") ilike $3 escape '\'
      )
    limit
      $4
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
      "v"."visibility" = $1
      and (
        lower("v"."title") ilike $2 escape '\'
        or lower("v"."hashtag") ilike $3 escape '\'
      )
    limit
      $4
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
      "v"."visibility" = $1
      and (
        lower("v"."title") ilike $2 escape '\'
        or lower("v"."hashtag") ilike $3 escape '\'
      )
      and "v"."created_at" >= $4
    limit
      $5
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
      "v"."visibility" = $1
      and (
        lower("v"."title") ilike $2 escape '\'
        or lower("v"."hashtag") ilike $3 escape '\'
      )
      and "v"."created_at" >= $4
      and "v"."duration" >= $5
    limit
      $6
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
      "v"."visibility" = $1
      and (
        lower("v"."title") ilike $2 escape '\'
        or lower("v"."hashtag") ilike $3 escape '\'
      )
      and "v"."created_at" >= $4
      and "v"."duration" < $5
    limit
      $6
  ) as "m";

-- VideoRepository.searchGeneration
select
  "n"
from
  "search_generation"
where
  "id" = $1;

-- VideoRepository.suggest
select
  "v"."id",
  "v"."title"
from
  "videos" as "v"
where
  "v"."visibility" = $1
  and (lower("v"."title") ilike $2 escape '\')
order by
  "v"."created_at" desc,
  "v"."id" desc
limit
  $3;

-- VideoRepository.compactSearchIndex
-- (sends no SQL here)

-- VideoRepository.update
update "videos"
set
  "title" = $1,
  "updated_at" = $2
where
  "id" = $3;

-- VideoRepository.delete
begin;

select
  1
from
  videos
where
  id = $1
for no key update;

delete from "likes"
where
  "target_type" = $1
  and "target_id" = $2;

delete from "likes"
where
  "target_type" = $1
  and "target_id" in (
    select
      "id"
    from
      "comments"
    where
      "video_id" = $2
  );

delete from "comments"
where
  "video_id" = $1
  and "parent_id" is not null;

delete from "comments"
where
  "video_id" = $1;

delete from "video_views"
where
  "video_id" = $1;

delete from "video_view_guards"
where
  "video_id" = $1;

delete from "watch_history"
where
  "video_id" = $1;

delete from "videos"
where
  "id" = $1;

commit;
