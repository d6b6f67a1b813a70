-- The SQL each method sends, in order, written by `npm run sql` from
-- server/sql/repository-queries.ts (examples against fixture rows). Do not edit.

-- ChannelBlockRepository.block
insert into
  "channel_blocks" ("channel_id", "blocked_id", "created_at")
values
  ($1, $2, $3)
on conflict ("channel_id", "blocked_id") do nothing
returning
  "blocked_id";

insert into
  "channel_blocks" ("channel_id", "blocked_id", "created_at")
values
  ($1, $2, $3)
on conflict ("channel_id", "blocked_id") do nothing
returning
  "blocked_id";

-- ChannelBlockRepository.isBlocked
select
  "blocked_id"
from
  "channel_blocks"
where
  "channel_id" = $1
  and "blocked_id" = $2;

-- ChannelBlockRepository.list
select
  "u"."id",
  "u"."username",
  "u"."full_name",
  "u"."avatar_key",
  "b"."created_at" as "blocked_at"
from
  "channel_blocks" as "b"
  inner join "users" as "u" on "u"."id" = "b"."blocked_id"
where
  "b"."channel_id" = $1
order by
  "b"."created_at" desc,
  "u"."id" asc;

-- ChannelBlockRepository.unblock
delete from "channel_blocks"
where
  "channel_id" = $1
  and "blocked_id" = $2;
