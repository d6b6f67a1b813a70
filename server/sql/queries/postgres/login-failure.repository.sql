-- The SQL each method sends, in order, written by `npm run sql` from
-- server/sql/repository-queries.ts (examples against fixture rows). Do not edit.

-- LoginFailureRepository.claimAttempt
insert into
  "login_failures" (
    "account",
    "failures",
    "locked_until",
    "updated_at"
  )
values
  ($1, $2, $3, $4)
on conflict ("account") do update
set
  "failures" = (
    case
      when login_failures.updated_at < cast($5 as bigint) then 1
      else login_failures.failures + 1
    end
  ),
  "locked_until" = (
    case
      when (
        case
          when login_failures.updated_at < cast($6 as bigint) then 1
          else login_failures.failures + 1
        end
      ) = $7 then cast($8 as bigint)
      when (
        case
          when login_failures.updated_at < cast($9 as bigint) then 1
          else login_failures.failures + 1
        end
      ) = $10 then cast($11 as bigint)
      when (
        case
          when login_failures.updated_at < cast($12 as bigint) then 1
          else login_failures.failures + 1
        end
      ) = $13 then cast($14 as bigint)
      when (
        case
          when login_failures.updated_at < cast($15 as bigint) then 1
          else login_failures.failures + 1
        end
      ) = $16 then cast($17 as bigint)
      when (
        case
          when login_failures.updated_at < cast($18 as bigint) then 1
          else login_failures.failures + 1
        end
      ) = $19 then cast($20 as bigint)
      when (
        case
          when login_failures.updated_at < cast($21 as bigint) then 1
          else login_failures.failures + 1
        end
      ) = $22 then cast($23 as bigint)
      when (
        case
          when login_failures.updated_at < cast($24 as bigint) then 1
          else login_failures.failures + 1
        end
      ) = $25 then cast($26 as bigint)
      when (
        case
          when login_failures.updated_at < cast($27 as bigint) then 1
          else login_failures.failures + 1
        end
      ) = $28 then cast($29 as bigint)
      when (
        case
          when login_failures.updated_at < cast($30 as bigint) then 1
          else login_failures.failures + 1
        end
      ) = $31 then cast($32 as bigint)
      else cast($33 as bigint)
    end
  ),
  "updated_at" = $34
where
  "login_failures"."locked_until" <= $35
returning
  "failures";

insert into
  "login_failures" (
    "account",
    "failures",
    "locked_until",
    "updated_at"
  )
values
  ($1, $2, $3, $4)
on conflict ("account") do update
set
  "failures" = (
    case
      when login_failures.updated_at < cast($5 as bigint) then 1
      else login_failures.failures + 1
    end
  ),
  "locked_until" = (
    case
      when (
        case
          when login_failures.updated_at < cast($6 as bigint) then 1
          else login_failures.failures + 1
        end
      ) = $7 then cast($8 as bigint)
      when (
        case
          when login_failures.updated_at < cast($9 as bigint) then 1
          else login_failures.failures + 1
        end
      ) = $10 then cast($11 as bigint)
      when (
        case
          when login_failures.updated_at < cast($12 as bigint) then 1
          else login_failures.failures + 1
        end
      ) = $13 then cast($14 as bigint)
      when (
        case
          when login_failures.updated_at < cast($15 as bigint) then 1
          else login_failures.failures + 1
        end
      ) = $16 then cast($17 as bigint)
      when (
        case
          when login_failures.updated_at < cast($18 as bigint) then 1
          else login_failures.failures + 1
        end
      ) = $19 then cast($20 as bigint)
      when (
        case
          when login_failures.updated_at < cast($21 as bigint) then 1
          else login_failures.failures + 1
        end
      ) = $22 then cast($23 as bigint)
      when (
        case
          when login_failures.updated_at < cast($24 as bigint) then 1
          else login_failures.failures + 1
        end
      ) = $25 then cast($26 as bigint)
      when (
        case
          when login_failures.updated_at < cast($27 as bigint) then 1
          else login_failures.failures + 1
        end
      ) = $28 then cast($29 as bigint)
      when (
        case
          when login_failures.updated_at < cast($30 as bigint) then 1
          else login_failures.failures + 1
        end
      ) = $31 then cast($32 as bigint)
      else cast($33 as bigint)
    end
  ),
  "updated_at" = $34
where
  "login_failures"."locked_until" <= $35
returning
  "failures";

-- LoginFailureRepository.lockedUntil
select
  "locked_until"
from
  "login_failures"
where
  "account" = $1;

-- LoginFailureRepository.clear
delete from "login_failures"
where
  "account" = $1;

-- LoginFailureRepository.deleteQuiet
delete from "login_failures"
where
  "updated_at" < $1
  and "locked_until" <= $2;
