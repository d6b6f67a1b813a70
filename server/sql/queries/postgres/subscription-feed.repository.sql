-- The SQL each method sends, in order, written by `npm run sql` from
-- server/sql/repository-queries.ts (examples against fixture rows). Do not edit.

-- SubscriptionFeedRepository.page
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
          and "c"."visibility" = 'public'
          and "c"."created_at" >= coalesce(
            (
              (
                select
                  "heads"."t"
                from
                  (
                    select
                      (
                        select
                          "h"."created_at"
                        from
                          "videos" as "h"
                        where
                          "h"."owner_id" = "s2"."channel_id"
                          and "h"."visibility" = 'public'
                        order by
                          "h"."created_at" desc,
                          "h"."id" desc
                        limit
                          1
                      ) as "t"
                    from
                      "subscriptions" as "s2"
                    where
                      "s2"."subscriber_id" = $2
                  ) as "heads"
                order by
                  heads.t desc nulls last
                limit
                  1
                offset
                  $3 - 1
              )
            ),
            -9007199254740991
          )
        order by
          "c"."created_at" desc,
          "c"."id" desc
        limit
          $4
      ) as "p" on true
    where
      "s"."subscriber_id" = $5
    order by
      "p"."created_at" desc,
      "p"."id" desc
    limit
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
          and "c"."visibility" = 'public'
          and "c"."created_at" >= coalesce(
            (
              (
                select
                  "heads"."t"
                from
                  (
                    select
                      (
                        select
                          "h"."created_at"
                        from
                          "videos" as "h"
                        where
                          "h"."owner_id" = "s2"."channel_id"
                          and "h"."visibility" = 'public'
                          and ("h"."created_at", "h"."id") < ($2, $3)
                        order by
                          "h"."created_at" desc,
                          "h"."id" desc
                        limit
                          1
                      ) as "t"
                    from
                      "subscriptions" as "s2"
                    where
                      "s2"."subscriber_id" = $4
                  ) as "heads"
                order by
                  heads.t desc nulls last
                limit
                  1
                offset
                  $5 - 1
              )
            ),
            -9007199254740991
          )
          and ("c"."created_at", "c"."id") < ($6, $7)
        order by
          "c"."created_at" desc,
          "c"."id" desc
        limit
          $8
      ) as "p" on true
    where
      "s"."subscriber_id" = $9
    order by
      "p"."created_at" desc,
      "p"."id" desc
    limit
      $10
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
