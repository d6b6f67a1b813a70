-- The SQL each method sends, in order, written by `npm run sql` from
-- server/sql/repository-queries.ts (examples against fixture rows). Do not edit.

-- TotpRepository.setPending
update "users"
set
  "totp_pending_secret" = $1
where
  "id" = $2;

-- TotpRepository.secretsOf
select
  "totp_secret",
  "totp_pending_secret"
from
  "users"
where
  "id" = $1;

-- TotpRepository.enable
update "users"
set
  "totp_secret" = $1,
  "totp_pending_secret" = $2,
  "totp_last_step" = $3
where
  "id" = $4
  and "totp_pending_secret" = $5;

-- TotpRepository.claimStep
update "users"
set
  "totp_last_step" = $1
where
  "id" = $2
  and "totp_secret" is not null
  and (
    "totp_last_step" is null
    or "totp_last_step" < $3
  );

-- TotpRepository.replaceRecoveryCodes
delete from "totp_recovery_codes"
where
  "user_id" = $1;

insert into
  "totp_recovery_codes" ("user_id", "code_hash", "created_at")
values
  ($1, $2, $3),
  ($4, $5, $6);

-- TotpRepository.useRecoveryCode
delete from "totp_recovery_codes"
where
  "user_id" = $1
  and "code_hash" = $2;

-- TotpRepository.anySealed
select
  "totp_secret",
  "totp_pending_secret"
from
  "users"
where
  (
    "totp_secret" like $1
    or "totp_pending_secret" like $2
  )
limit
  $3;

-- TotpRepository.plainSecrets
select
  "id",
  "totp_secret",
  "totp_pending_secret"
from
  "users"
where
  (
    (
      "totp_secret" is not null
      and "totp_secret" not like $1
    )
    or (
      "totp_pending_secret" is not null
      and "totp_pending_secret" not like $2
    )
  );

-- TotpRepository.replaceSecret
update "users"
set
  "totp_secret" = $1
where
  "id" = $2
  and "totp_secret" = $3;

-- TotpRepository.disable
begin;

update "users"
set
  "totp_secret" = $1,
  "totp_pending_secret" = $2,
  "totp_last_step" = $3
where
  "id" = $4
  and "totp_secret" is not null;

delete from "totp_recovery_codes"
where
  "user_id" = $1;

commit;
