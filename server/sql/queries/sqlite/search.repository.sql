-- The SQL each method sends, in order, written by `npm run sql` from
-- server/sql/repository-queries.ts (examples against fixture rows). Do not edit.

-- SearchRepository.searchPage
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
      "s"."id"
    from
      (
        select
          "f"."video_id" as "id",
          cast(f.rowid as text) as "sort_key"
        from
          "videos_fts" as "f"
        where
          videos_fts match ?
        order by
          "f"."rowid" desc
        limit
          ?
      ) as "s"
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
      "s"."id"
    from
      (
        select
          "f"."video_id" as "id",
          cast(f.rowid as text) as "sort_key"
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
      ) as "s"
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
      "s"."id"
    from
      (
        select
          "m"."id",
          m.created_at as "sort_key"
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
      ) as "s"
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

-- SearchRepository.searchCount
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

-- SearchRepository.matchIds
select
  "s"."id",
  "s"."sort_key"
from
  (
    select
      "f"."video_id" as "id",
      cast(f.rowid as text) as "sort_key"
    from
      "videos_fts" as "f"
    where
      videos_fts match ?
    order by
      "f"."rowid" desc
    limit
      ?
  ) as "s";

select
  "s"."id",
  "s"."sort_key"
from
  (
    select
      "m"."id",
      m.created_at as "sort_key"
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
    order by
      "m"."created_at" desc,
      "m"."id" desc
    limit
      ?
  ) as "s";

-- SearchRepository.rankMatches
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
      value
    from
      json_each(?)
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
      value
    from
      json_each(?)
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

-- SearchRepository.matchedRows
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
      value
    from
      json_each(?)
  )
  and "v"."visibility" = ?;

-- SearchRepository.searchGeneration
select
  "n"
from
  "search_generation"
where
  "id" = ?;

-- SearchRepository.suggest
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

-- SearchRepository.compactSearchIndex
insert into
  videos_fts (videos_fts, rank)
values
  ('merge', -500);
