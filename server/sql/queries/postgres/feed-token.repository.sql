-- The SQL each method sends, in order, written by `npm run sql` from
-- server/sql/repository-queries.ts (examples against fixture rows). Do not edit.

-- FeedTokenRepository.replace
insert into
  "feed_tokens" ("user_id", "token_hash", "created_at")
values
  ($1, $2, $3)
on conflict ("user_id") do update
set
  "token_hash" = $4,
  "created_at" = $5;

insert into
  "feed_tokens" ("user_id", "token_hash", "created_at")
values
  ($1, $2, $3)
on conflict ("user_id") do update
set
  "token_hash" = $4,
  "created_at" = $5;

-- FeedTokenRepository.userOf
select
  "user_id"
from
  "feed_tokens"
where
  "token_hash" = $1;

-- FeedTokenRepository.createdAt
select
  "created_at"
from
  "feed_tokens"
where
  "user_id" = $1;

-- FeedTokenRepository.remove
delete from "feed_tokens"
where
  "user_id" = $1;
