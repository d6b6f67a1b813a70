-- The SQL each method sends, in order, written by `npm run sql` from
-- server/sql/repository-queries.ts (examples against fixture rows). Do not edit.

-- CommentRepository.insert
insert into
  "comments" (
    "id",
    "video_id",
    "owner_id",
    "parent_id",
    "content",
    "created_at",
    "updated_at"
  )
values
  (?, ?, ?, ?, ?, ?, ?);

-- CommentRepository.findById
select
  "id",
  "video_id",
  "owner_id",
  "parent_id",
  "content",
  "created_at",
  "updated_at",
  "likes_count"
from
  "comments"
where
  "id" = ?;

-- CommentRepository.findWithOwner
select
  "c"."id",
  "c"."video_id",
  "c"."owner_id",
  "c"."parent_id",
  "c"."content",
  "c"."created_at",
  "c"."updated_at",
  "c"."likes_count",
  "u"."username" as "owner_username",
  "u"."avatar_key" as "owner_avatar_key"
from
  "comments" as "c"
  inner join "users" as "u" on "u"."id" = "c"."owner_id"
where
  "c"."id" = ?;

-- CommentRepository.page
select
  "c"."id",
  "c"."video_id",
  "c"."owner_id",
  "c"."parent_id",
  "c"."content",
  "c"."created_at",
  "c"."updated_at",
  "c"."likes_count",
  "u"."username" as "owner_username",
  "u"."avatar_key" as "owner_avatar_key"
from
  "comments" as "c"
  inner join "users" as "u" on "u"."id" = "c"."owner_id"
where
  "c"."video_id" = ?
  and "c"."parent_id" is null
order by
  "c"."created_at" desc,
  "c"."id" desc
limit
  ?
offset
  ?;

select
  "c"."id",
  "c"."video_id",
  "c"."owner_id",
  "c"."parent_id",
  "c"."content",
  "c"."created_at",
  "c"."updated_at",
  "c"."likes_count",
  "u"."username" as "owner_username",
  "u"."avatar_key" as "owner_avatar_key"
from
  "comments" as "c"
  inner join "users" as "u" on "u"."id" = "c"."owner_id"
where
  "c"."parent_id" in (
    select
      "p"."id"
    from
      "comments" as "p"
    where
      "p"."video_id" = ?
      and "p"."parent_id" is null
    order by
      "p"."created_at" desc,
      "p"."id" desc
    limit
      ?
    offset
      ?
  )
order by
  "c"."created_at" asc,
  "c"."id" asc;

select
  count(*) as "all_count",
  count(*) - count(parent_id) as "top_count"
from
  "comments"
where
  "video_id" = ?;

select
  "c"."id",
  "c"."video_id",
  "c"."owner_id",
  "c"."parent_id",
  "c"."content",
  "c"."created_at",
  "c"."updated_at",
  "c"."likes_count",
  "u"."username" as "owner_username",
  "u"."avatar_key" as "owner_avatar_key"
from
  "comments" as "c"
  inner join "users" as "u" on "u"."id" = "c"."owner_id"
where
  "c"."video_id" = ?
  and "c"."parent_id" is null
  and ("c"."created_at", "c"."id") < (?, ?)
order by
  "c"."created_at" desc,
  "c"."id" desc
limit
  ?
offset
  ?;

select
  "c"."id",
  "c"."video_id",
  "c"."owner_id",
  "c"."parent_id",
  "c"."content",
  "c"."created_at",
  "c"."updated_at",
  "c"."likes_count",
  "u"."username" as "owner_username",
  "u"."avatar_key" as "owner_avatar_key"
from
  "comments" as "c"
  inner join "users" as "u" on "u"."id" = "c"."owner_id"
where
  "c"."parent_id" in (
    select
      "p"."id"
    from
      "comments" as "p"
    where
      "p"."video_id" = ?
      and "p"."parent_id" is null
      and ("p"."created_at", "p"."id") < (?, ?)
    order by
      "p"."created_at" desc,
      "p"."id" desc
    limit
      ?
    offset
      ?
  )
order by
  "c"."created_at" asc,
  "c"."id" asc;

select
  count(*) as "all_count",
  count(*) - count(parent_id) as "top_count"
from
  "comments"
where
  "video_id" = ?;

-- CommentRepository.updateContent
begin immediate;

update "comments"
set
  "content" = ?,
  "updated_at" = ?
where
  "id" = ?;

commit;

-- CommentRepository.deleteWithReplies
begin immediate;

delete from "likes"
where
  "target_type" = ?
  and (
    "target_id" = ?
    or "target_id" in (
      select
        "id"
      from
        "comments"
      where
        "parent_id" = ?
    )
  );

delete from "comments"
where
  "parent_id" = ?;

delete from "comments"
where
  "id" = ?;

commit;
