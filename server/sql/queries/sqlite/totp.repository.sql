-- The SQL each method sends, in order, written by `npm run sql` from
-- server/sql/repository-queries.ts (examples against fixture rows). Do not edit.

-- TotpRepository.setPending
update "users"
set
  "totp_pending_secret" = ?
where
  "id" = ?;

-- TotpRepository.secretsOf
select
  "totp_secret",
  "totp_pending_secret"
from
  "users"
where
  "id" = ?;

-- TotpRepository.enable
update "users"
set
  "totp_secret" = ?,
  "totp_pending_secret" = ?,
  "totp_last_step" = ?
where
  "id" = ?
  and "totp_pending_secret" = ?;

-- TotpRepository.claimStep
update "users"
set
  "totp_last_step" = ?
where
  "id" = ?
  and "totp_secret" is not null
  and (
    "totp_last_step" is null
    or "totp_last_step" < ?
  );

-- TotpRepository.replaceRecoveryCodes
delete from "totp_recovery_codes"
where
  "user_id" = ?;

insert into
  "totp_recovery_codes" ("user_id", "code_hash", "created_at")
values
  (?, ?, ?),
  (?, ?, ?);

-- TotpRepository.useRecoveryCode
delete from "totp_recovery_codes"
where
  "user_id" = ?
  and "code_hash" = ?;

-- TotpRepository.anySealed
select
  "totp_secret",
  "totp_pending_secret"
from
  "users"
where
  (
    "totp_secret" like ?
    or "totp_pending_secret" like ?
  )
limit
  ?;

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
      and "totp_secret" not like ?
    )
    or (
      "totp_pending_secret" is not null
      and "totp_pending_secret" not like ?
    )
  );

-- TotpRepository.replaceSecret
update "users"
set
  "totp_secret" = ?
where
  "id" = ?
  and "totp_secret" = ?;

-- TotpRepository.disable
begin immediate;

update "users"
set
  "totp_secret" = ?,
  "totp_pending_secret" = ?,
  "totp_last_step" = ?
where
  "id" = ?
  and "totp_secret" is not null;

delete from "totp_recovery_codes"
where
  "user_id" = ?;

commit;
