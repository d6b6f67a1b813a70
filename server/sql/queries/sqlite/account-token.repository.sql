-- The SQL each method sends, in order, written by `npm run sql` from
-- server/sql/repository-queries.ts (examples against fixture rows). Do not edit.

-- AccountTokenRepository.insert
insert into
  "account_tokens" (
    "token_hash",
    "user_id",
    "purpose",
    "email",
    "created_at",
    "expires_at",
    "used_at"
  )
values
  (?, ?, ?, ?, ?, ?, ?);

-- AccountTokenRepository.find
select
  "user_id",
  "email",
  "used_at",
  "expires_at"
from
  "account_tokens"
where
  "token_hash" = ?
  and "purpose" = ?;

-- AccountTokenRepository.take
update "account_tokens"
set
  "used_at" = ?
where
  "token_hash" = ?
  and "purpose" = ?
  and "used_at" is null
  and "expires_at" > ?
returning
  "user_id",
  "email";

-- AccountTokenRepository.deleteUnused
delete from "account_tokens"
where
  "user_id" = ?
  and "purpose" = ?
  and "used_at" is null;

-- AccountTokenRepository.deleteExpired
delete from "account_tokens"
where
  "expires_at" <= ?;
