-- The SQL each method sends, in order, written by `npm run sql` from
-- server/sql/repository-queries.ts (examples against fixture rows). Do not edit.

-- PlaylistItemRepository.addVideo
begin immediate;

select
  count(*) as "n",
  max(position) as "last",
  sum(
    case
      when video_id = ? then 1
      else 0
    end
  ) as "present"
from
  "playlist_items"
where
  "playlist_id" = ?;

insert into
  "playlist_items" ("playlist_id", "video_id", "position", "added_at")
values
  (?, ?, ?, ?);

update "playlists"
set
  "updated_at" = ?
where
  "id" = ?;

commit;

begin immediate;

select
  count(*) as "n",
  max(position) as "last",
  sum(
    case
      when video_id = ? then 1
      else 0
    end
  ) as "present"
from
  "playlist_items"
where
  "playlist_id" = ?;

commit;

begin immediate;

select
  count(*) as "n",
  max(position) as "last",
  sum(
    case
      when video_id = ? then 1
      else 0
    end
  ) as "present"
from
  "playlist_items"
where
  "playlist_id" = ?;

insert into
  "playlist_items" ("playlist_id", "video_id", "position", "added_at")
values
  (?, ?, ?, ?);

update "playlists"
set
  "updated_at" = ?
where
  "id" = ?;

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
  "i"."playlist_id" = ?
  and (
    "v"."visibility" <> 'private'
    or "v"."owner_id" = ?
  )
order by
  "i"."position",
  "i"."video_id"
limit
  ?
offset
  ?;

-- PlaylistItemRepository.videoRows
select
  "v"."id",
  "v"."card_version",
  "v"."views"
from
  "videos" as "v"
where
  "v"."id" in (?);

-- PlaylistItemRepository.moveVideo
begin immediate;

select
  "i"."video_id",
  "i"."position"
from
  "playlist_items" as "i"
  inner join "videos" as "v" on "v"."id" = "i"."video_id"
where
  "i"."playlist_id" = ?
  and (
    "v"."visibility" <> 'private'
    or "v"."owner_id" = ?
  )
order by
  "i"."position",
  "i"."video_id";

update "playlist_items"
set
  "position" = ?
where
  "playlist_id" = ?
  and "video_id" = ?;

update "playlists"
set
  "updated_at" = ?
where
  "id" = ?;

commit;

-- PlaylistItemRepository.removeVideo
begin immediate;

delete from "playlist_items"
where
  "playlist_id" = ?
  and "video_id" = ?;

update "playlists"
set
  "updated_at" = ?
where
  "id" = ?;

commit;
