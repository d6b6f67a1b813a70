-- The SQL each method sends, in order, written by `npm run sql` from
-- server/sql/repository-queries.ts (examples against fixture rows). Do not edit.

-- SearchRepository.searchPage
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
    lower("v"."title") like lower($3) escape '\'
    or lower("v"."hashtag") like lower($4) escape '\'
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
    lower("v"."title") like lower($3) escape '\'
    or lower("v"."hashtag") like lower($4) escape '\'
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
    lower("v"."title") like lower($3) escape '\'
    or lower("v"."hashtag") like lower($4) escape '\'
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
    lower("v"."title") like lower($3) escape '\'
    or lower("v"."hashtag") like lower($4) escape '\'
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
      "s"."id"
    from
      (
        select
          "m"."id",
          m.created_at as "sort_key"
        from
          "videos" as "m"
        where
          "m"."visibility" = $2
          and (
            lower("m"."title") like lower($3) escape '\'
            or lower("m"."hashtag") like lower($4) escape '\'
          )
        order by
          "m"."created_at" desc,
          "m"."id" desc
        limit
          $5
      ) as "s"
  )
  and "v"."visibility" = $6
order by
  case
    when lower(v.title) like lower($7) escape '\' then 0
    when lower(v.title) like lower($8) escape '\' then 1
    when lower(v.title) like lower($9) escape '\' then 2
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
      "s"."id"
    from
      (
        select
          "m"."id",
          m.created_at as "sort_key"
        from
          "videos" as "m"
        where
          "m"."visibility" = $2
          and (
            lower("m"."title") like lower($3) escape '\'
            or lower("m"."hashtag") like lower($4) escape '\'
          )
          and "m"."created_at" >= $5
          and "m"."duration" >= $6
          and "m"."duration" < $7
        order by
          "m"."created_at" desc,
          "m"."id" desc
        limit
          $8
      ) as "s"
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
      "s"."id"
    from
      (
        select
          "m"."id",
          m.created_at as "sort_key"
        from
          "videos" as "m"
        where
          "m"."visibility" = $2
          and (
            lower("m"."title") like lower($3) escape '\'
            or lower("m"."hashtag") like lower($4) escape '\'
          )
          and "m"."created_at" >= $5
          and "m"."duration" >= $6
          and "m"."duration" < $7
        order by
          "m"."created_at" desc,
          "m"."id" desc
        limit
          $8
      ) as "s"
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
    lower("v"."title") like lower($3) escape '\'
    or lower("v"."hashtag") like lower($4) escape '\'
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
    lower("v"."title") like lower($3) escape '\'
    or lower("v"."hashtag") like lower($4) escape '\'
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
    lower("v"."title") like lower($3) escape '\'
    or lower("v"."hashtag") like lower($4) escape '\'
  )
  and ("v"."created_at", "v"."id") < ($5, $6)
order by
  "v"."created_at" desc,
  "v"."id" desc
limit
  $7
offset
  $8;

-- SearchRepository.searchCount
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
        lower("v"."title") like lower($2) escape '\'
        or lower("v"."hashtag") like lower($3) escape '\'
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
        lower("v"."title") like lower($2) escape '\'
        or lower("v"."hashtag") like lower($3) escape '\'
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
        lower("v"."title") like lower($2) escape '\'
        or lower("v"."hashtag") like lower($3) escape '\'
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
        lower("v"."title") like lower($2) escape '\'
        or lower("v"."hashtag") like lower($3) escape '\'
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
        lower("v"."title") like lower($2) escape '\'
        or lower("v"."hashtag") like lower($3) escape '\'
      )
      and "v"."created_at" >= $4
      and "v"."duration" < $5
    limit
      $6
  ) as "m";

-- SearchRepository.matchIds
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
      "m"."visibility" = $1
      and (
        lower("m"."title") like lower($2) escape '\'
        or lower("m"."hashtag") like lower($3) escape '\'
      )
    order by
      "m"."created_at" desc,
      "m"."id" desc
    limit
      $4
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
      "m"."visibility" = $1
      and (
        lower("m"."title") like lower($2) escape '\'
        or lower("m"."hashtag") like lower($3) escape '\'
      )
      and "m"."created_at" >= $4
      and "m"."duration" >= $5
    order by
      "m"."created_at" desc,
      "m"."id" desc
    limit
      $6
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
      "id" = $1
  ) as "search_generation"
from
  "videos" as "v"
where
  "v"."id" in (
    select
      jsonb_array_elements_text(cast($2 as jsonb))
  )
  and "v"."visibility" = $3
order by
  "v"."views" desc,
  "v"."id" desc
limit
  $4
offset
  $5;

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
      jsonb_array_elements_text(cast($2 as jsonb))
  )
  and "v"."visibility" = $3
order by
  case
    when lower(v.title) like lower($4) escape '\' then 0
    when lower(v.title) like lower($5) escape '\' then 1
    when lower(v.title) like lower($6) escape '\' then 2
    else 3
  end,
  "v"."views" desc,
  "v"."created_at" desc,
  "v"."id" desc
limit
  $7
offset
  $8;

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
      "id" = $1
  ) as "search_generation"
from
  "videos" as "v"
where
  "v"."id" in (
    select
      jsonb_array_elements_text(cast($2 as jsonb))
  )
  and "v"."visibility" = $3;

-- SearchRepository.searchGeneration
select
  "n"
from
  "search_generation"
where
  "id" = $1;

-- SearchRepository.suggest
select
  "v"."id",
  "v"."title"
from
  "videos" as "v"
where
  "v"."visibility" = $1
  and (lower("v"."title") like lower($2) escape '\')
order by
  "v"."created_at" desc,
  "v"."id" desc
limit
  $3;

-- SearchRepository.compactSearchIndex
-- (sends no SQL here)
