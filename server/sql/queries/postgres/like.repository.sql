-- The SQL each method sends, in order, written by `npm run sql` from
-- server/sql/repository-queries.ts (examples against fixture rows). Do not edit.

-- LikeRepository.toggle
begin;

select
  1
from
  videos
where
  id = $1
for no key update;

select
  "id"
from
  "videos"
where
  "id" = $1;

update "likes"
set
  "kind" = "kind"
where
  "user_id" = $1
  and "target_type" = $2
  and "target_id" = $3
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
  ($1, $2, $3, $4, $5)
on conflict ("user_id", "target_type", "target_id") do nothing
returning
  "kind";

select
  "likes_count"
from
  "videos"
where
  "id" = $1;

commit;

begin;

select
  1
from
  videos
where
  id = $1
for no key update;

select
  "id"
from
  "videos"
where
  "id" = $1;

update "likes"
set
  "kind" = "kind"
where
  "user_id" = $1
  and "target_type" = $2
  and "target_id" = $3
returning
  "kind";

update "likes"
set
  "kind" = $1,
  "created_at" = $2
where
  "user_id" = $3
  and "target_type" = $4
  and "target_id" = $5;

select
  "likes_count"
from
  "videos"
where
  "id" = $1;

commit;

begin;

select
  1
from
  videos
where
  id = $1
for no key update;

select
  "id"
from
  "videos"
where
  "id" = $1;

update "likes"
set
  "kind" = "kind"
where
  "user_id" = $1
  and "target_type" = $2
  and "target_id" = $3
returning
  "kind";

delete from "likes"
where
  "user_id" = $1
  and "target_type" = $2
  and "target_id" = $3;

select
  "likes_count"
from
  "videos"
where
  "id" = $1;

commit;

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

select
  "id"
from
  "comments"
where
  "id" = $1;

update "likes"
set
  "kind" = "kind"
where
  "user_id" = $1
  and "target_type" = $2
  and "target_id" = $3
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
  ($1, $2, $3, $4, $5)
on conflict ("user_id", "target_type", "target_id") do nothing
returning
  "kind";

select
  "likes_count"
from
  "comments"
where
  "id" = $1;

commit;

-- LikeRepository.removeIfKind
begin;

select
  1
from
  videos
where
  id = $1
for no key update;

select
  "id"
from
  "videos"
where
  "id" = $1;

update "likes"
set
  "kind" = "kind"
where
  "user_id" = $1
  and "target_type" = $2
  and "target_id" = $3
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
  ($1, $2, $3, $4, $5)
on conflict ("user_id", "target_type", "target_id") do nothing
returning
  "kind";

select
  "likes_count"
from
  "videos"
where
  "id" = $1;

commit;

begin;

select
  1
from
  videos
where
  id = $1
for no key update;

delete from "likes"
where
  "user_id" = $1
  and "target_type" = $2
  and "target_id" = $3
  and "kind" = $4
returning
  "kind";

select
  "likes_count"
from
  "videos"
where
  "id" = $1;

commit;

-- LikeRepository.viewerKinds
select
  "target_id",
  "kind"
from
  "likes"
where
  "user_id" = $1
  and "target_type" = $2
  and "target_id" in ($3, $4);

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
      "l"."user_id" = $1
      and "l"."target_type" = 'Video'
      and "l"."kind" = 'like'
      and "l"."target_hidden" = 0
  ) as "n",
  (
    select
      max(l.created_at) as "newest"
    from
      "likes" as "l"
    where
      "l"."user_id" = $2
      and "l"."target_type" = 'Video'
      and "l"."kind" = 'like'
      and "l"."target_hidden" = 0
  ) as "newest"
from
  "likes" as "l"
  inner join "videos" as "v" on "v"."id" = "l"."target_id"
where
  "l"."user_id" = $3
  and "l"."target_type" = 'Video'
  and "l"."kind" = 'like'
  and (
    "v"."visibility" <> 'private'
    or "v"."owner_id" = $4
  )
order by
  "l"."created_at" desc,
  "l"."target_id" desc
limit
  $5;

select
  count(*) as "n",
  max(l.created_at) as "newest"
from
  "likes" as "l"
where
  "l"."user_id" = $1
  and "l"."target_type" = 'Video'
  and "l"."kind" = 'like'
  and "l"."target_hidden" = 0;

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
      "l"."user_id" = $1
      and "l"."target_type" = 'Video'
      and "l"."kind" = 'like'
      and "l"."target_hidden" = 0
  ) as "n",
  (
    select
      max(l.created_at) as "newest"
    from
      "likes" as "l"
    where
      "l"."user_id" = $2
      and "l"."target_type" = 'Video'
      and "l"."kind" = 'like'
      and "l"."target_hidden" = 0
  ) as "newest"
from
  "likes" as "l"
  inner join "videos" as "v" on "v"."id" = "l"."target_id"
where
  "l"."user_id" = $3
  and "l"."target_type" = 'Video'
  and "l"."kind" = 'like'
  and (
    "v"."visibility" <> 'private'
    or "v"."owner_id" = $4
  )
  and ("l"."created_at", "l"."target_id") < ($5, $6)
order by
  "l"."created_at" desc,
  "l"."target_id" desc
limit
  $7;

select
  count(*) as "n",
  max(l.created_at) as "newest"
from
  "likes" as "l"
where
  "l"."user_id" = $1
  and "l"."target_type" = 'Video'
  and "l"."kind" = 'like'
  and "l"."target_hidden" = 0;
