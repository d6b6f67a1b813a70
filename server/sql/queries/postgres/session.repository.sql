-- The SQL each method sends, in order, written by `npm run sql` from
-- server/sql/repository-queries.ts (examples against fixture rows). Do not edit.

-- SessionRepository.insert
insert into
  "sessions" (
    "token_hash",
    "user_id",
    "created_at",
    "expires_at",
    "last_seen_at",
    "id",
    "user_agent",
    "address"
  )
values
  ($1, $2, $3, $4, $5, $6, $7, $8);

-- SessionRepository.findUser
select
  "u"."id",
  "u"."username",
  "u"."email",
  "u"."full_name",
  "u"."avatar_key",
  "u"."cover_key",
  "u"."created_at",
  "u"."all_videos_count",
  "u"."public_videos_count",
  "u"."role",
  "u"."suspended_at",
  "u"."suspension_reason",
  "u"."awaiting_approval",
  "u"."quota_bytes",
  "u"."email_verified",
  "u"."bio",
  "s"."token_hash" as "session_token_hash",
  "s"."expires_at" as "session_expires_at",
  "s"."last_seen_at" as "session_last_seen_at"
from
  "sessions" as "s"
  inner join "users" as "u" on "u"."id" = "s"."user_id"
where
  s.token_hash = any (
    (
      (
        select
          $1::text[]
      )::text[]
    )
  );

-- SessionRepository.listOf
select
  "id",
  "token_hash",
  "user_agent",
  "address",
  "created_at",
  "last_seen_at"
from
  "sessions"
where
  "user_id" = $1
  and "expires_at" > $2
  and "last_seen_at" >= $3
order by
  "last_seen_at" desc,
  "id" desc;

-- SessionRepository.startedAt
select
  "created_at"
from
  "sessions"
where
  "token_hash" = $1;

-- SessionRepository.deleteOneOf
delete from "sessions"
where
  "user_id" = $1
  and "id" = $2;

-- SessionRepository.deleteOthersOf
delete from "sessions"
where
  "user_id" = $1
  and "token_hash" <> $2;

-- SessionRepository.deleteAllOf
delete from "sessions"
where
  "user_id" = $1;

-- SessionRepository.touch
update "sessions"
set
  "last_seen_at" = $1
where
  "token_hash" = $2
  and "last_seen_at" < $3;

-- SessionRepository.delete
delete from "sessions"
where
  "token_hash" = $1;

-- SessionRepository.deleteExpired
delete from "sessions"
where
  (
    "expires_at" <= $1
    or "last_seen_at" < $2
  );
