-- The SQL each method sends, in order, written by `npm run sql` from
-- server/sql/repository-queries.ts (examples against fixture rows). Do not edit.

-- TrendingRepository.ranking
select
  "h"."video_id" as "id",
  cast(
    sum(
      h.views * power(
        0.5,
        (? - h.hour * ?) / cast(? as double precision)
      )
    ) as double precision
  ) as "score",
  (
    select
      "n"
    from
      "search_generation"
    where
      "id" = ?
  ) as "search_generation"
from
  "video_view_hours" as "h"
  inner join "videos" as "v" on "v"."id" = "h"."video_id"
where
  "h"."hour" >= ?
  and "v"."visibility" = ?
group by
  "h"."video_id"
order by
  "score" desc,
  "h"."video_id" desc
limit
  ?;

-- TrendingRepository.prune
delete from "video_view_hours"
where
  "hour" < ?;
