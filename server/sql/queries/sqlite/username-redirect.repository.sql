-- The SQL each method sends, in order, written by `npm run sql` from
-- server/sql/repository-queries.ts (examples against fixture rows). Do not edit.

-- UsernameRedirectRepository.put
insert into
  "username_redirects" ("old_username", "user_id", "expires_at")
values
  (?, ?, ?)
on conflict ("old_username") do update
set
  "user_id" = ?,
  "expires_at" = ?;

insert into
  "username_redirects" ("old_username", "user_id", "expires_at")
values
  (?, ?, ?)
on conflict ("old_username") do update
set
  "user_id" = ?,
  "expires_at" = ?;

-- UsernameRedirectRepository.currentName
select
  "u"."id",
  "u"."username",
  "u"."suspended_at",
  "u"."awaiting_approval"
from
  "username_redirects" as "r"
  inner join "users" as "u" on "u"."id" = "r"."user_id"
where
  "r"."old_username" = ?
  and "r"."expires_at" > ?;

-- UsernameRedirectRepository.ownerOf
select
  "user_id"
from
  "username_redirects"
where
  "old_username" = ?;

-- UsernameRedirectRepository.delete
delete from "username_redirects"
where
  "old_username" = ?;

-- UsernameRedirectRepository.deleteExpired
delete from "username_redirects"
where
  "expires_at" <= ?;
