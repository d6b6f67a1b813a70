-- The SQL each method sends, in order, written by `npm run sql` from
-- server/sql/repository-queries.ts (examples against fixture rows). Do not edit.

-- FeedTokenRepository.replace
insert into
  "feed_tokens" ("user_id", "token_hash", "created_at")
values
  (?, ?, ?)
on conflict ("user_id") do update
set
  "token_hash" = ?,
  "created_at" = ?;

insert into
  "feed_tokens" ("user_id", "token_hash", "created_at")
values
  (?, ?, ?)
on conflict ("user_id") do update
set
  "token_hash" = ?,
  "created_at" = ?;

-- FeedTokenRepository.userOf
select
  "user_id"
from
  "feed_tokens"
where
  "token_hash" = ?;

-- FeedTokenRepository.createdAt
select
  "created_at"
from
  "feed_tokens"
where
  "user_id" = ?;

-- FeedTokenRepository.remove
delete from "feed_tokens"
where
  "user_id" = ?;
