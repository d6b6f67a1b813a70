-- The SQL each method sends, in order, written by `npm run sql` from
-- server/sql/repository-queries.ts (examples against fixture rows). Do not edit.

-- CommentRepository.insert
begin immediate;

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

insert into
  "notifications" (
    "id",
    "user_id",
    "kind",
    "video_id",
    "comment_id",
    "actor_id",
    "created_at"
  )
select
  cast(? as varchar(24)) as "id",
  "v"."owner_id" as "user_id",
  'video_comment' as "kind",
  "v"."id" as "video_id",
  cast(? as varchar(24)) as "comment_id",
  cast(? as varchar(24)) as "actor_id",
  cast(? as bigint) as "created_at"
from
  "videos" as "v"
where
  "v"."id" = ?
  and "v"."owner_id" <> ?
  and not exists (
    select
      1
    from
      library_settings ls
    where
      ls.user_id = "v"."owner_id"
      and ls."notify_video_comment" = 0
  )
  and "v"."owner_id" not in (
    select
      "p"."owner_id"
    from
      "comments" as "p"
    where
      "p"."id" = ?
  );

insert into
  "notifications" (
    "id",
    "user_id",
    "kind",
    "video_id",
    "comment_id",
    "actor_id",
    "created_at"
  )
select
  cast(? as varchar(24)) as "id",
  "p"."owner_id" as "user_id",
  'comment_reply' as "kind",
  "p"."video_id" as "video_id",
  cast(? as varchar(24)) as "comment_id",
  cast(? as varchar(24)) as "actor_id",
  cast(? as bigint) as "created_at"
from
  "comments" as "p"
where
  "p"."id" = ?
  and "p"."owner_id" <> ?
  and not exists (
    select
      1
    from
      library_settings ls
    where
      ls.user_id = "p"."owner_id"
      and ls."notify_comment_reply" = 0
  );

commit;

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
