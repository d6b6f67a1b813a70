-- The SQL each method sends, in order, written by `npm run sql` from
-- server/sql/repository-queries.ts (examples against fixture rows). Do not edit.

-- SubscriptionRepository.toggle
begin;

select
  "id"
from
  "users"
where
  "id" in ($1, $2)
order by
  "id"
for no key update;

delete from "subscriptions"
where
  "subscriber_id" = $1
  and "channel_id" = $2
returning
  "channel_id";

insert into
  "subscriptions" ("subscriber_id", "channel_id", "created_at")
values
  ($1, $2, $3)
on conflict ("subscriber_id", "channel_id") do nothing
returning
  "channel_id";

insert into
  "subscription_events" (
    "id",
    "channel_id",
    "subscriber_id",
    "delta",
    "created_at"
  )
values
  ($1, $2, $3, $4, $5);

select
  "subscribers_count"
from
  "users"
where
  "id" = $1;

commit;

begin;

select
  "id"
from
  "users"
where
  "id" in ($1, $2)
order by
  "id"
for no key update;

delete from "subscriptions"
where
  "subscriber_id" = $1
  and "channel_id" = $2
returning
  "channel_id";

insert into
  "subscription_events" (
    "id",
    "channel_id",
    "subscriber_id",
    "delta",
    "created_at"
  )
values
  ($1, $2, $3, $4, $5);

select
  "subscribers_count"
from
  "users"
where
  "id" = $1;

commit;

begin;

select
  "id"
from
  "users"
where
  "id" in ($1, $2)
order by
  "id"
for no key update;

delete from "subscriptions"
where
  "subscriber_id" = $1
  and "channel_id" = $2
returning
  "channel_id";

insert into
  "subscriptions" ("subscriber_id", "channel_id", "created_at")
values
  ($1, $2, $3)
on conflict ("subscriber_id", "channel_id") do nothing
returning
  "channel_id";

insert into
  "subscription_events" (
    "id",
    "channel_id",
    "subscriber_id",
    "delta",
    "created_at"
  )
values
  ($1, $2, $3, $4, $5);

select
  "subscribers_count"
from
  "users"
where
  "id" = $1;

commit;

-- SubscriptionRepository.channelsOf
select
  "u"."id",
  "u"."username",
  "u"."full_name",
  "u"."avatar_key",
  "u"."subscribers_count" as "subscriber_count",
  "u"."public_videos_count" as "video_count"
from
  "subscriptions" as "s"
  inner join "users" as "u" on "u"."id" = "s"."channel_id"
where
  "s"."subscriber_id" = $1
  and "u"."suspended_at" is null
order by
  "s"."created_at" desc,
  "u"."id" asc;
