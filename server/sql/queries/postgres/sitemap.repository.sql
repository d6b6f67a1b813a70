-- The SQL each method sends, in order, written by `npm run sql` from
-- server/sql/repository-queries.ts (examples against fixture rows). Do not edit.

-- SitemapRepository.page
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

-- SitemapRepository.publicCount
select
  coalesce(sum(n), 0) as "n"
from
  "video_counts"
where
  "visibility" = $1;
