-- The SQL each method sends, in order, written by `npm run sql` from
-- server/sql/repository-queries.ts (examples against fixture rows). Do not edit.

-- TrendingRepository.ranking
select
  "h"."video_id" as "id",
  cast(
    sum(
      h.views * power(
        0.5,
        ($1 - h.hour * $2) / cast($3 as double precision)
      )
    ) as double precision
  ) as "score"
from
  "video_view_hours" as "h"
  inner join "videos" as "v" on "v"."id" = "h"."video_id"
where
  "h"."hour" >= $4
  and "v"."visibility" = $5
group by
  "h"."video_id"
order by
  "score" desc,
  "h"."video_id" desc
limit
  $6;

-- TrendingRepository.prune
delete from "video_view_hours"
where
  "hour" < $1;
