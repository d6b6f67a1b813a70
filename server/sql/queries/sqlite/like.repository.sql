-- The SQL each method sends, in order, written by `npm run sql` from
-- server/sql/repository-queries.ts (examples against fixture rows). Do not edit.

-- LikeRepository.toggle
begin immediate;

select
  "id"
from
  "videos"
where
  "id" = ?;

update "likes"
set
  "kind" = "kind"
where
  "user_id" = ?
  and "target_type" = ?
  and "target_id" = ?
returning
  "kind";

insert into
  "likes" (
    "user_id",
    "target_type",
    "target_id",
    "kind",
    "created_at"
  )
values
  (?, ?, ?, ?, ?)
on conflict ("user_id", "target_type", "target_id") do nothing
returning
  "kind";

select
  "likes_count"
from
  "videos"
where
  "id" = ?;

commit;

begin immediate;

select
  "id"
from
  "videos"
where
  "id" = ?;

update "likes"
set
  "kind" = "kind"
where
  "user_id" = ?
  and "target_type" = ?
  and "target_id" = ?
returning
  "kind";

update "likes"
set
  "kind" = ?,
  "created_at" = ?
where
  "user_id" = ?
  and "target_type" = ?
  and "target_id" = ?;

select
  "likes_count"
from
  "videos"
where
  "id" = ?;

commit;

begin immediate;

select
  "id"
from
  "videos"
where
  "id" = ?;

update "likes"
set
  "kind" = "kind"
where
  "user_id" = ?
  and "target_type" = ?
  and "target_id" = ?
returning
  "kind";

delete from "likes"
where
  "user_id" = ?
  and "target_type" = ?
  and "target_id" = ?;

select
  "likes_count"
from
  "videos"
where
  "id" = ?;

commit;

begin immediate;

select
  "id"
from
  "comments"
where
  "id" = ?;

update "likes"
set
  "kind" = "kind"
where
  "user_id" = ?
  and "target_type" = ?
  and "target_id" = ?
returning
  "kind";

insert into
  "likes" (
    "user_id",
    "target_type",
    "target_id",
    "kind",
    "created_at"
  )
values
  (?, ?, ?, ?, ?)
on conflict ("user_id", "target_type", "target_id") do nothing
returning
  "kind";

select
  "likes_count"
from
  "comments"
where
  "id" = ?;

commit;

-- LikeRepository.removeIfKind
begin immediate;

select
  "id"
from
  "videos"
where
  "id" = ?;

update "likes"
set
  "kind" = "kind"
where
  "user_id" = ?
  and "target_type" = ?
  and "target_id" = ?
returning
  "kind";

insert into
  "likes" (
    "user_id",
    "target_type",
    "target_id",
    "kind",
    "created_at"
  )
values
  (?, ?, ?, ?, ?)
on conflict ("user_id", "target_type", "target_id") do nothing
returning
  "kind";

select
  "likes_count"
from
  "videos"
where
  "id" = ?;

commit;

begin immediate;

delete from "likes"
where
  "user_id" = ?
  and "target_type" = ?
  and "target_id" = ?
  and "kind" = ?
returning
  "kind";

select
  "likes_count"
from
  "videos"
where
  "id" = ?;

commit;

-- LikeRepository.viewerKinds
select
  "target_id",
  "kind"
from
  "likes"
where
  "user_id" = ?
  and "target_type" = ?
  and "target_id" in (?, ?);

-- LikeRepository.likedVideos
select
  "v"."id",
  "v"."card_version",
  "v"."views",
  "l"."created_at" as "sort_key",
  (
    select
      count(*) as "n"
    from
      "likes" as "l"
    where
      "l"."user_id" = ?
      and "l"."target_type" = ?
      and "l"."kind" = ?
      and "l"."target_hidden" = ?
  ) as "n",
  (
    select
      max(l.created_at) as "newest"
    from
      "likes" as "l"
    where
      "l"."user_id" = ?
      and "l"."target_type" = ?
      and "l"."kind" = ?
      and "l"."target_hidden" = ?
  ) as "newest"
from
  "likes" as "l"
  inner join "videos" as "v" on "v"."id" = "l"."target_id"
where
  "l"."user_id" = ?
  and "l"."target_type" = ?
  and "l"."kind" = ?
  and (
    "v"."visibility" <> ?
    or "v"."owner_id" = ?
  )
order by
  "l"."created_at" desc,
  "l"."target_id" desc
limit
  ?;

select
  count(*) as "n",
  max(l.created_at) as "newest"
from
  "likes" as "l"
where
  "l"."user_id" = ?
  and "l"."target_type" = ?
  and "l"."kind" = ?
  and "l"."target_hidden" = ?;

select
  "v"."id",
  "v"."card_version",
  "v"."views",
  "l"."created_at" as "sort_key",
  (
    select
      count(*) as "n"
    from
      "likes" as "l"
    where
      "l"."user_id" = ?
      and "l"."target_type" = ?
      and "l"."kind" = ?
      and "l"."target_hidden" = ?
  ) as "n",
  (
    select
      max(l.created_at) as "newest"
    from
      "likes" as "l"
    where
      "l"."user_id" = ?
      and "l"."target_type" = ?
      and "l"."kind" = ?
      and "l"."target_hidden" = ?
  ) as "newest"
from
  "likes" as "l"
  inner join "videos" as "v" on "v"."id" = "l"."target_id"
where
  "l"."user_id" = ?
  and "l"."target_type" = ?
  and "l"."kind" = ?
  and (
    "v"."visibility" <> ?
    or "v"."owner_id" = ?
  )
  and ("l"."created_at", "l"."target_id") < (?, ?)
order by
  "l"."created_at" desc,
  "l"."target_id" desc
limit
  ?;

select
  count(*) as "n",
  max(l.created_at) as "newest"
from
  "likes" as "l"
where
  "l"."user_id" = ?
  and "l"."target_type" = ?
  and "l"."kind" = ?
  and "l"."target_hidden" = ?;
