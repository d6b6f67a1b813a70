-- The SQL each method sends, in order, written by `npm run sql` from
-- server/sql/repository-queries.ts (examples against fixture rows). Do not edit.

-- CommentRepository.insert
begin;

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
  ($1, $2, $3, $4, $5, $6, $7);

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
  cast($1 as varchar(24)) as "id",
  "v"."owner_id" as "user_id",
  'video_comment' as "kind",
  "v"."id" as "video_id",
  cast($2 as varchar(24)) as "comment_id",
  cast($3 as varchar(24)) as "actor_id",
  cast($4 as bigint) as "created_at"
from
  "videos" as "v"
where
  "v"."id" = $5
  and "v"."owner_id" <> $6
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
      "p"."id" = $7
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
  cast($1 as varchar(24)) as "id",
  "p"."owner_id" as "user_id",
  'comment_reply' as "kind",
  "p"."video_id" as "video_id",
  cast($2 as varchar(24)) as "comment_id",
  cast($3 as varchar(24)) as "actor_id",
  cast($4 as bigint) as "created_at"
from
  "comments" as "p"
where
  "p"."id" = $5
  and "p"."owner_id" <> $6
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
  "id" = $1;

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
  "c"."id" = $1;

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
  "c"."video_id" = $1
  and "c"."parent_id" is null
order by
  "c"."created_at" desc,
  "c"."id" desc
limit
  $2
offset
  $3;

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
      "p"."video_id" = $1
      and "p"."parent_id" is null
    order by
      "p"."created_at" desc,
      "p"."id" desc
    limit
      $2
    offset
      $3
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
  "video_id" = $1;

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
  "c"."video_id" = $1
  and "c"."parent_id" is null
  and ("c"."created_at", "c"."id") < ($2, $3)
order by
  "c"."created_at" desc,
  "c"."id" desc
limit
  $4
offset
  $5;

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
      "p"."video_id" = $1
      and "p"."parent_id" is null
      and ("p"."created_at", "p"."id") < ($2, $3)
    order by
      "p"."created_at" desc,
      "p"."id" desc
    limit
      $4
    offset
      $5
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
  "video_id" = $1;

-- CommentRepository.updateContent
begin;

select
  1
from
  videos
where
  id = (
    select
      video_id
    from
      comments
    where
      id = $1
  )
for no key update;

update "comments"
set
  "content" = $1,
  "updated_at" = $2
where
  "id" = $3;

commit;

-- CommentRepository.deleteWithReplies
begin;

select
  1
from
  videos
where
  id = (
    select
      video_id
    from
      comments
    where
      id = $1
  )
for no key update;

delete from "likes"
where
  "target_type" = $1
  and (
    "target_id" = $2
    or "target_id" in (
      select
        "id"
      from
        "comments"
      where
        "parent_id" = $3
    )
  );

delete from "comments"
where
  "parent_id" = $1;

delete from "comments"
where
  "id" = $1;

commit;
