-- The SQL each method sends, in order, written by `npm run sql` from
-- server/sql/repository-queries.ts (examples against fixture rows). Do not edit.

-- IdentityRepository.insert
insert into
  "user_identities" ("provider", "subject", "user_id", "created_at")
values
  (?, ?, ?, ?);

-- IdentityRepository.findUser
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
  "u"."bio"
from
  "user_identities" as "i"
  inner join "users" as "u" on "u"."id" = "i"."user_id"
where
  "i"."provider" = ?
  and "i"."subject" = ?;

-- IdentityRepository.providersOf
select distinct
  "provider"
from
  "user_identities"
where
  "user_id" = ?
order by
  "provider";

-- IdentityRepository.insertFlow
insert into
  "oauth_flows" (
    "state_hash",
    "provider",
    "code_verifier",
    "nonce",
    "return_to",
    "expires_at"
  )
values
  (?, ?, ?, ?, ?, ?);

-- IdentityRepository.takeFlow
delete from "oauth_flows"
where
  "state_hash" = ?
returning
  "state_hash",
  "provider",
  "code_verifier",
  "nonce",
  "return_to",
  "expires_at";

-- IdentityRepository.deleteExpiredFlows
delete from "oauth_flows"
where
  "expires_at" <= ?;

-- IdentityRepository.insertLinkRequest
insert into
  "google_link_requests" (
    "token_hash",
    "provider",
    "subject",
    "email",
    "full_name",
    "user_id",
    "return_to",
    "expires_at"
  )
values
  (?, ?, ?, ?, ?, ?, ?, ?);

-- IdentityRepository.findLinkRequest
select
  "token_hash",
  "provider",
  "subject",
  "email",
  "full_name",
  "user_id",
  "return_to",
  "expires_at"
from
  "google_link_requests"
where
  "token_hash" = ?
  and "expires_at" > ?;

-- IdentityRepository.takeLinkRequest
delete from "google_link_requests"
where
  "token_hash" = ?
  and "expires_at" > ?
returning
  "token_hash",
  "provider",
  "subject",
  "email",
  "full_name",
  "user_id",
  "return_to",
  "expires_at";

-- IdentityRepository.deleteExpiredLinkRequests
delete from "google_link_requests"
where
  "expires_at" <= ?;
