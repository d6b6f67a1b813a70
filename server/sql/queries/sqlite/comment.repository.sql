-- The SQL each method sends, in order, written by `npm run sql` from
-- server/sql/repository-queries.ts (examples against fixture rows). Do not edit.

-- CommentRepository.insertNew
begin immediate;

select
  "suspended_at"
from
  "users"
where
  "id" = ?;

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
  (?, ?, ?, ?, ?, ?, ?, ?, ?, ?);

commit;

begin immediate;

select
  "suspended_at"
from
  "users"
where
  "id" = ?;

select
  "held",
  "author_suspended"
from
  "comments"
where
  "id" = ?;

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
  (?, ?, ?, ?, ?, ?, ?, ?, ?);

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
  "likes_count",
  "held",
  "author_suspended",
  "hidden"
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
  "c"."held",
  "c"."author_suspended",
  "c"."hidden",
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
  "c"."held",
  "c"."author_suspended",
  "c"."hidden",
  "u"."username" as "owner_username",
  "u"."avatar_key" as "owner_avatar_key"
from
  "comments" as "c"
  inner join "users" as "u" on "u"."id" = "c"."owner_id"
where
  "c"."video_id" = ?
  and "c"."hidden" = ?
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
      "p"."video_id" = ?
      and "p"."hidden" = ?
      and "p"."parent_id" is null
    order by
      "p"."created_at" desc,
      "p"."id" desc
    limit
      ?
    offset
      ?
  )
  and "c"."hidden" = ?
order by
  "c"."created_at" asc,
  "c"."id" asc;

select
  count(*) as "all_count",
  count(*) - count(parent_id) as "top_count"
from
  "comments"
where
  "video_id" = ?
  and "hidden" = ?;

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
  "c"."video_id" = ?
  and "c"."hidden" = ?
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
      "p"."video_id" = ?
      and "p"."hidden" = ?
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
  and "c"."hidden" = ?
order by
  "c"."created_at" asc,
  "c"."id" asc;

select
  count(*) as "all_count",
  count(*) - count(parent_id) as "top_count"
from
  "comments"
where
  "video_id" = ?
  and "hidden" = ?;

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
  "c"."video_id" = ?
  and "c"."held" = 1
  and "c"."author_suspended" = ?
  and "c"."owner_id" = ?
order by
  "c"."created_at" asc,
  "c"."id" asc
limit
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
  "c"."held",
  "c"."author_suspended",
  "c"."hidden",
  "u"."username" as "owner_username",
  "u"."avatar_key" as "owner_avatar_key"
from
  "comments" as "c"
  inner join "users" as "u" on "u"."id" = "c"."owner_id"
where
  "c"."video_id" = ?
  and "c"."held" = 1
  and "c"."author_suspended" = ?
order by
  "c"."created_at" asc,
  "c"."id" asc
limit
  ?;

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
  "v"."owner_id" = ?
  and "c"."held" = 1
  and "c"."author_suspended" = ?
order by
  "c"."created_at" desc,
  "c"."id" desc
limit
  ?
offset
  ?;

select
  count(*) as "n"
from
  "comments" as "c"
  inner join "videos" as "v" on "v"."id" = "c"."video_id"
where
  "v"."owner_id" = ?
  and "c"."held" = 1
  and "c"."author_suspended" = ?;

-- CommentRepository.approve
begin immediate;

update "comments"
set
  "held" = ?
where
  "id" = ?
  and "held" = ?;

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
  "id" = ?;

select
  "id",
  "video_id",
  "owner_id",
  "parent_id"
from
  "comments"
where
  "id" = ?
  and "hidden" = ?;

commit;

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
