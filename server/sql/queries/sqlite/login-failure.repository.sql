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
  (?, ?, ?, ?)
on conflict ("account") do update
set
  "failures" = (
    case
      when login_failures.updated_at < cast(? as bigint) then 1
      else login_failures.failures + 1
    end
  ),
  "locked_until" = (
    case
      when (
        case
          when login_failures.updated_at < cast(? as bigint) then 1
          else login_failures.failures + 1
        end
      ) = ? then cast(? as bigint)
      when (
        case
          when login_failures.updated_at < cast(? as bigint) then 1
          else login_failures.failures + 1
        end
      ) = ? then cast(? as bigint)
      when (
        case
          when login_failures.updated_at < cast(? as bigint) then 1
          else login_failures.failures + 1
        end
      ) = ? then cast(? as bigint)
      when (
        case
          when login_failures.updated_at < cast(? as bigint) then 1
          else login_failures.failures + 1
        end
      ) = ? then cast(? as bigint)
      when (
        case
          when login_failures.updated_at < cast(? as bigint) then 1
          else login_failures.failures + 1
        end
      ) = ? then cast(? as bigint)
      when (
        case
          when login_failures.updated_at < cast(? as bigint) then 1
          else login_failures.failures + 1
        end
      ) = ? then cast(? as bigint)
      when (
        case
          when login_failures.updated_at < cast(? as bigint) then 1
          else login_failures.failures + 1
        end
      ) = ? then cast(? as bigint)
      when (
        case
          when login_failures.updated_at < cast(? as bigint) then 1
          else login_failures.failures + 1
        end
      ) = ? then cast(? as bigint)
      when (
        case
          when login_failures.updated_at < cast(? as bigint) then 1
          else login_failures.failures + 1
        end
      ) = ? then cast(? as bigint)
      else cast(? as bigint)
    end
  ),
  "updated_at" = ?
where
  "login_failures"."locked_until" <= ?
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
  (?, ?, ?, ?)
on conflict ("account") do update
set
  "failures" = (
    case
      when login_failures.updated_at < cast(? as bigint) then 1
      else login_failures.failures + 1
    end
  ),
  "locked_until" = (
    case
      when (
        case
          when login_failures.updated_at < cast(? as bigint) then 1
          else login_failures.failures + 1
        end
      ) = ? then cast(? as bigint)
      when (
        case
          when login_failures.updated_at < cast(? as bigint) then 1
          else login_failures.failures + 1
        end
      ) = ? then cast(? as bigint)
      when (
        case
          when login_failures.updated_at < cast(? as bigint) then 1
          else login_failures.failures + 1
        end
      ) = ? then cast(? as bigint)
      when (
        case
          when login_failures.updated_at < cast(? as bigint) then 1
          else login_failures.failures + 1
        end
      ) = ? then cast(? as bigint)
      when (
        case
          when login_failures.updated_at < cast(? as bigint) then 1
          else login_failures.failures + 1
        end
      ) = ? then cast(? as bigint)
      when (
        case
          when login_failures.updated_at < cast(? as bigint) then 1
          else login_failures.failures + 1
        end
      ) = ? then cast(? as bigint)
      when (
        case
          when login_failures.updated_at < cast(? as bigint) then 1
          else login_failures.failures + 1
        end
      ) = ? then cast(? as bigint)
      when (
        case
          when login_failures.updated_at < cast(? as bigint) then 1
          else login_failures.failures + 1
        end
      ) = ? then cast(? as bigint)
      when (
        case
          when login_failures.updated_at < cast(? as bigint) then 1
          else login_failures.failures + 1
        end
      ) = ? then cast(? as bigint)
      else cast(? as bigint)
    end
  ),
  "updated_at" = ?
where
  "login_failures"."locked_until" <= ?
returning
  "failures";

-- LoginFailureRepository.lockedUntil
select
  "locked_until"
from
  "login_failures"
where
  "account" = ?;

-- LoginFailureRepository.clear
delete from "login_failures"
where
  "account" = ?;

-- LoginFailureRepository.deleteQuiet
delete from "login_failures"
where
  "updated_at" < ?
  and "locked_until" <= ?;
