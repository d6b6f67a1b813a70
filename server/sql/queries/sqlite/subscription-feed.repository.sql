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
      "s"."subscriber_id" = ?
  ) as "total"
from
  "videos" as "v"
where
  "v"."visibility" = ?
  and "v"."owner_id" in (
    select
      "s"."channel_id"
    from
      "subscriptions" as "s"
    where
      "s"."subscriber_id" = ?
  )
order by
  "v"."created_at" desc,
  "v"."id" desc
limit
  ?;

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
  "v"."visibility" = ?
  and "v"."owner_id" in (
    select
      "s"."channel_id"
    from
      "subscriptions" as "s"
    where
      "s"."subscriber_id" = ?
  )
  and ("v"."created_at", "v"."id") < (?, ?)
order by
  "v"."created_at" desc,
  "v"."id" desc
limit
  ?;

select
  coalesce(sum(c.public_videos_count), 0) as "n"
from
  "subscriptions" as "s"
  inner join "users" as "c" on "c"."id" = "s"."channel_id"
where
  "s"."subscriber_id" = ?;
