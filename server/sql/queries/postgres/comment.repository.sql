-- The SQL each method sends, in order, written by `npm run sql` from
-- server/sql/repository-queries.ts (examples against fixture rows). Do not edit.

-- CommentRepository.insertNew
begin;

select
  "suspended_at"
from
  "users"
where
  "id" = $1
for share;

select
  1
from
  videos
where
  id = $1
for no key update;

insert into
  "comments" (
    "video_id",
    "owner_id",
    "content",
    "created_at",
    "id",
    "parent_id",
    "updated_at",
    "held",
    "author_suspended",
    "hidden"
  )
values
  ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10);

commit;

begin;

select
  "suspended_at"
from
  "users"
where
  "id" = $1
for share;

select
  1
from
  videos
where
  id = $1
for no key update;

select
  "held",
  "author_suspended"
from
  "comments"
where
  "id" = $1;

insert into
  "comments" (
    "video_id",
    "owner_id",
    "content",
    "created_at",
    "id",
    "parent_id",
    "updated_at",
    "author_suspended",
    "hidden"
  )
values
  ($1, $2, $3, $4, $5, $6, $7, $8, $9);

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
  "likes_count",
  "held",
  "author_suspended",
  "hidden"
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
  "c"."held",
  "c"."author_suspended",
  "c"."hidden",
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
  "c"."held",
  "c"."author_suspended",
  "c"."hidden",
  "u"."username" as "owner_username",
  "u"."avatar_key" as "owner_avatar_key"
from
  "comments" as "c"
  inner join "users" as "u" on "u"."id" = "c"."owner_id"
where
  "c"."video_id" = $1
  and "c"."hidden" = $2
  and "c"."parent_id" is null
order by
  "c"."created_at" desc,
  "c"."id" desc
limit
  $3
offset
  $4;

select
  "c"."id",
  "c"."video_id",
  "c"."owner_id",
  "c"."parent_id",
  "c"."content",
  "c"."created_at",
  "c"."updated_at",
  "c"."likes_count",
  "c"."held",
  "c"."author_suspended",
  "c"."hidden",
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
      and "p"."hidden" = $2
      and "p"."parent_id" is null
    order by
      "p"."created_at" desc,
      "p"."id" desc
    limit
      $3
    offset
      $4
  )
  and "c"."hidden" = $5
order by
  "c"."created_at" asc,
  "c"."id" asc;

select
  count(*) as "all_count",
  count(*) - count(parent_id) as "top_count"
from
  "comments"
where
  "video_id" = $1
  and "hidden" = $2;

select
  "c"."id",
  "c"."video_id",
  "c"."owner_id",
  "c"."parent_id",
  "c"."content",
  "c"."created_at",
  "c"."updated_at",
  "c"."likes_count",
  "c"."held",
  "c"."author_suspended",
  "c"."hidden",
  "u"."username" as "owner_username",
  "u"."avatar_key" as "owner_avatar_key"
from
  "comments" as "c"
  inner join "users" as "u" on "u"."id" = "c"."owner_id"
where
  "c"."video_id" = $1
  and "c"."hidden" = $2
  and "c"."parent_id" is null
  and ("c"."created_at", "c"."id") < ($3, $4)
order by
  "c"."created_at" desc,
  "c"."id" desc
limit
  $5
offset
  $6;

select
  "c"."id",
  "c"."video_id",
  "c"."owner_id",
  "c"."parent_id",
  "c"."content",
  "c"."created_at",
  "c"."updated_at",
  "c"."likes_count",
  "c"."held",
  "c"."author_suspended",
  "c"."hidden",
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
      and "p"."hidden" = $2
      and "p"."parent_id" is null
      and ("p"."created_at", "p"."id") < ($3, $4)
    order by
      "p"."created_at" desc,
      "p"."id" desc
    limit
      $5
    offset
      $6
  )
  and "c"."hidden" = $7
order by
  "c"."created_at" asc,
  "c"."id" asc;

select
  count(*) as "all_count",
  count(*) - count(parent_id) as "top_count"
from
  "comments"
where
  "video_id" = $1
  and "hidden" = $2;

-- CommentRepository.heldOn
select
  "c"."id",
  "c"."video_id",
  "c"."owner_id",
  "c"."parent_id",
  "c"."content",
  "c"."created_at",
  "c"."updated_at",
  "c"."likes_count",
  "c"."held",
  "c"."author_suspended",
  "c"."hidden",
  "u"."username" as "owner_username",
  "u"."avatar_key" as "owner_avatar_key"
from
  "comments" as "c"
  inner join "users" as "u" on "u"."id" = "c"."owner_id"
where
  "c"."video_id" = $1
  and "c"."held" = 1
  and "c"."author_suspended" = $2
  and "c"."owner_id" = $3
order by
  "c"."created_at" asc,
  "c"."id" asc
limit
  $4;

select
  "c"."id",
  "c"."video_id",
  "c"."owner_id",
  "c"."parent_id",
  "c"."content",
  "c"."created_at",
  "c"."updated_at",
  "c"."likes_count",
  "c"."held",
  "c"."author_suspended",
  "c"."hidden",
  "u"."username" as "owner_username",
  "u"."avatar_key" as "owner_avatar_key"
from
  "comments" as "c"
  inner join "users" as "u" on "u"."id" = "c"."owner_id"
where
  "c"."video_id" = $1
  and "c"."held" = 1
  and "c"."author_suspended" = $2
order by
  "c"."created_at" asc,
  "c"."id" asc
limit
  $3;

-- CommentRepository.heldForOwner
select
  "c"."id",
  "c"."video_id",
  "c"."owner_id",
  "c"."parent_id",
  "c"."content",
  "c"."created_at",
  "c"."updated_at",
  "c"."likes_count",
  "c"."held",
  "c"."author_suspended",
  "c"."hidden",
  "u"."username" as "owner_username",
  "u"."avatar_key" as "owner_avatar_key",
  "v"."title" as "video_title"
from
  "comments" as "c"
  inner join "videos" as "v" on "v"."id" = "c"."video_id"
  inner join "users" as "u" on "u"."id" = "c"."owner_id"
where
  "v"."owner_id" = $1
  and "c"."held" = 1
  and "c"."author_suspended" = $2
order by
  "c"."created_at" desc,
  "c"."id" desc
limit
  $3
offset
  $4;

select
  count(*) as "n"
from
  "comments" as "c"
  inner join "videos" as "v" on "v"."id" = "c"."video_id"
where
  "v"."owner_id" = $1
  and "c"."held" = 1
  and "c"."author_suspended" = $2;

-- CommentRepository.approve
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
  "held" = $1
where
  "id" = $2
  and "held" = $3;

update "comments"
set
  "hidden" = case
    when comments.held = 1
    or comments.author_suspended = 1 then 1
    when comments.parent_id is not null
    and exists (
      select
        1
      from
        comments p
      where
        p.id = comments.parent_id
        and (
          p.held = 1
          or p.author_suspended = 1
        )
    ) then 1
    else 0
  end
where
  "id" = $1;

select
  "id",
  "video_id",
  "owner_id",
  "parent_id"
from
  "comments"
where
  "id" = $1
  and "hidden" = $2;

commit;

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
