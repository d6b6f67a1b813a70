-- The SQL each method sends, in order, written by `npm run sql` from
-- server/sql/repository-queries.ts (examples against fixture rows). Do not edit.

-- PlaylistItemRepository.addVideo
begin;

select
  1
from
  playlists
where
  id = $1
for update;

select
  count(*) as "n",
  max(position) as "last",
  sum(
    case
      when video_id = $1 then 1
      else 0
    end
  ) as "present"
from
  "playlist_items"
where
  "playlist_id" = $2;

insert into
  "playlist_items" ("playlist_id", "video_id", "position", "added_at")
values
  ($1, $2, $3, $4);

update "playlists"
set
  "updated_at" = $1
where
  "id" = $2;

commit;

begin;

select
  1
from
  playlists
where
  id = $1
for update;

select
  count(*) as "n",
  max(position) as "last",
  sum(
    case
      when video_id = $1 then 1
      else 0
    end
  ) as "present"
from
  "playlist_items"
where
  "playlist_id" = $2;

commit;

begin;

select
  1
from
  playlists
where
  id = $1
for update;

select
  count(*) as "n",
  max(position) as "last",
  sum(
    case
      when video_id = $1 then 1
      else 0
    end
  ) as "present"
from
  "playlist_items"
where
  "playlist_id" = $2;

insert into
  "playlist_items" ("playlist_id", "video_id", "position", "added_at")
values
  ($1, $2, $3, $4);

update "playlists"
set
  "updated_at" = $1
where
  "id" = $2;

commit;

-- PlaylistItemRepository.items
select
  "v"."id",
  "v"."card_version",
  "v"."views",
  "i"."added_at"
from
  "playlist_items" as "i"
  inner join "videos" as "v" on "v"."id" = "i"."video_id"
where
  "i"."playlist_id" = $1
  and (
    "v"."visibility" <> 'private'
    or "v"."owner_id" = $2
  )
order by
  "i"."position",
  "i"."video_id"
limit
  $3
offset
  $4;

-- PlaylistItemRepository.videoRows
select
  "v"."id",
  "v"."card_version",
  "v"."views"
from
  "videos" as "v"
where
  "v"."id" in ($1);

-- PlaylistItemRepository.moveVideo
begin;

select
  1
from
  playlists
where
  id = $1
for update;

select
  "i"."video_id",
  "i"."position"
from
  "playlist_items" as "i"
  inner join "videos" as "v" on "v"."id" = "i"."video_id"
where
  "i"."playlist_id" = $1
  and (
    "v"."visibility" <> 'private'
    or "v"."owner_id" = $2
  )
order by
  "i"."position",
  "i"."video_id";

update "playlist_items"
set
  "position" = $1
where
  "playlist_id" = $2
  and "video_id" = $3;

update "playlists"
set
  "updated_at" = $1
where
  "id" = $2;

commit;

-- PlaylistItemRepository.removeVideo
begin;

select
  1
from
  playlists
where
  id = $1
for update;

delete from "playlist_items"
where
  "playlist_id" = $1
  and "video_id" = $2;

update "playlists"
set
  "updated_at" = $1
where
  "id" = $2;

commit;
