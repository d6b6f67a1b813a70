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

-- AccountTokenRepository.endLinks
delete from "account_tokens"
where
  "user_id" = ?
  and "purpose" in (?, ?)
  and "used_at" is null;

-- AccountTokenRepository.takeAddressChange
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

begin immediate;

update "users"
set
  "email" = ?,
  "email_verified" = ?
where
  "id" = ?;

update "account_tokens"
set
  "used_at" = ?
where
  "token_hash" = ?
  and "purpose" = ?
  and "user_id" = ?
  and "used_at" is null
  and "expires_at" > ?
returning
  "user_id",
  "email";

delete from "account_tokens"
where
  "user_id" = ?
  and "purpose" in (?, ?, ?)
  and "used_at" is null;

commit;

-- AccountTokenRepository.deleteExpired
delete from "account_tokens"
where
  "expires_at" <= ?;
