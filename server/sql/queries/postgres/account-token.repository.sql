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
  ($1, $2, $3, $4, $5, $6, $7);

-- AccountTokenRepository.find
select
  "user_id",
  "email",
  "used_at",
  "expires_at"
from
  "account_tokens"
where
  "token_hash" = $1
  and "purpose" = $2;

-- AccountTokenRepository.take
update "account_tokens"
set
  "used_at" = $1
where
  "token_hash" = $2
  and "purpose" = $3
  and "used_at" is null
  and "expires_at" > $4
returning
  "user_id",
  "email";

-- AccountTokenRepository.endLinks
delete from "account_tokens"
where
  "user_id" = $1
  and "purpose" in ($2, $3)
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
  ($1, $2, $3, $4, $5, $6, $7);

begin;

update "users"
set
  "email" = $1,
  "email_verified" = $2
where
  "id" = $3;

update "account_tokens"
set
  "used_at" = $1
where
  "token_hash" = $2
  and "purpose" = $3
  and "user_id" = $4
  and "used_at" is null
  and "expires_at" > $5
returning
  "user_id",
  "email";

delete from "account_tokens"
where
  "user_id" = $1
  and "purpose" in ($2, $3, $4)
  and "used_at" is null;

commit;

-- AccountTokenRepository.deleteExpired
delete from "account_tokens"
where
  "expires_at" <= $1;
