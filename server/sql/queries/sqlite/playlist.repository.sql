-- The SQL each method sends, in order, written by `npm run sql` from
-- server/sql/repository-queries.ts (examples against fixture rows). Do not edit.

-- PlaylistRepository.insert
insert into
  "playlists" (
    "id",
    "owner_id",
    "kind",
    "title",
    "description",
    "visibility",
    "created_at",
    "updated_at"
  )
values
  (?, ?, ?, ?, ?, ?, ?, ?);

-- PlaylistRepository.ensureWatchLater
insert into
  "playlists" (
    "id",
    "owner_id",
    "kind",
    "title",
    "description",
    "visibility",
    "created_at",
    "updated_at"
  )
values
  (?, ?, ?, ?, ?, ?, ?, ?)
on conflict ("owner_id")
where
  kind = 'watch_later' do nothing;

select
  "p"."id",
  "p"."owner_id",
  "p"."kind",
  "p"."title",
  "p"."description",
  "p"."visibility",
  "p"."created_at",
  "p"."updated_at",
  "u"."username" as "owner_username",
  "u"."full_name" as "owner_full_name",
  "u"."avatar_key" as "owner_avatar_key",
  "u"."suspended_at" as "owner_suspended_at",
  "u"."awaiting_approval" as "owner_awaiting_approval"
from
  "playlists" as "p"
  inner join "users" as "u" on "u"."id" = "p"."owner_id"
where
  "p"."owner_id" = ?
  and "p"."kind" = ?;

-- PlaylistRepository.findById
select
  "p"."id",
  "p"."owner_id",
  "p"."kind",
  "p"."title",
  "p"."description",
  "p"."visibility",
  "p"."created_at",
  "p"."updated_at",
  "u"."username" as "owner_username",
  "u"."full_name" as "owner_full_name",
  "u"."avatar_key" as "owner_avatar_key",
  "u"."suspended_at" as "owner_suspended_at",
  "u"."awaiting_approval" as "owner_awaiting_approval"
from
  "playlists" as "p"
  inner join "users" as "u" on "u"."id" = "p"."owner_id"
where
  "p"."id" = ?;

-- PlaylistRepository.findWatchLater
select
  "p"."id",
  "p"."owner_id",
  "p"."kind",
  "p"."title",
  "p"."description",
  "p"."visibility",
  "p"."created_at",
  "p"."updated_at",
  "u"."username" as "owner_username",
  "u"."full_name" as "owner_full_name",
  "u"."avatar_key" as "owner_avatar_key",
  "u"."suspended_at" as "owner_suspended_at",
  "u"."awaiting_approval" as "owner_awaiting_approval"
from
  "playlists" as "p"
  inner join "users" as "u" on "u"."id" = "p"."owner_id"
where
  "p"."owner_id" = ?
  and "p"."kind" = ?;

-- PlaylistRepository.update
update "playlists"
set
  "title" = ?,
  "updated_at" = ?
where
  "id" = ?;

-- PlaylistRepository.ownerPage
select
  "p"."id",
  "p"."owner_id",
  "p"."kind",
  "p"."title",
  "p"."description",
  "p"."visibility",
  "p"."created_at",
  "p"."updated_at",
  "u"."username" as "owner_username",
  "u"."full_name" as "owner_full_name",
  "u"."avatar_key" as "owner_avatar_key",
  "u"."suspended_at" as "owner_suspended_at",
  "u"."awaiting_approval" as "owner_awaiting_approval",
  (
    select
      count(*) as "n"
    from
      "playlist_items" as "i"
      inner join "videos" as "v" on "v"."id" = "i"."video_id"
    where
      "i"."playlist_id" = "p"."id"
      and (
        "v"."visibility" <> 'private'
        or "v"."owner_id" = ?
      )
  ) as "videos_count",
  (
    select
      "i"."video_id"
    from
      "playlist_items" as "i"
      inner join "videos" as "v" on "v"."id" = "i"."video_id"
    where
      "i"."playlist_id" = "p"."id"
      and (
        "v"."visibility" <> 'private'
        or "v"."owner_id" = ?
      )
    order by
      "i"."position",
      "i"."video_id"
    limit
      ?
  ) as "first_video_id"
from
  "playlists" as "p"
  inner join "users" as "u" on "u"."id" = "p"."owner_id"
where
  "p"."owner_id" = ?
  and "p"."kind" = ?
  and "p"."visibility" in (?)
  and exists (
    select
      "o"."id"
    from
      "users" as "o"
    where
      "o"."id" = ?
      and "o"."suspended_at" is null
      and "o"."awaiting_approval" = ?
  )
order by
  "p"."created_at" desc,
  "p"."id" desc
limit
  ?
offset
  ?;

select
  count(*) as "n"
from
  "playlists" as "p"
where
  "p"."owner_id" = ?
  and "p"."kind" = ?
  and "p"."visibility" in (?)
  and exists (
    select
      "o"."id"
    from
      "users" as "o"
    where
      "o"."id" = ?
      and "o"."suspended_at" is null
      and "o"."awaiting_approval" = ?
  );

-- PlaylistRepository.summaryOf
select
  "p"."id",
  "p"."owner_id",
  "p"."kind",
  "p"."title",
  "p"."description",
  "p"."visibility",
  "p"."created_at",
  "p"."updated_at",
  "u"."username" as "owner_username",
  "u"."full_name" as "owner_full_name",
  "u"."avatar_key" as "owner_avatar_key",
  "u"."suspended_at" as "owner_suspended_at",
  "u"."awaiting_approval" as "owner_awaiting_approval",
  (
    select
      count(*) as "n"
    from
      "playlist_items" as "i"
      inner join "videos" as "v" on "v"."id" = "i"."video_id"
    where
      "i"."playlist_id" = "p"."id"
      and (
        "v"."visibility" <> 'private'
        or "v"."owner_id" = ?
      )
  ) as "videos_count",
  (
    select
      "i"."video_id"
    from
      "playlist_items" as "i"
      inner join "videos" as "v" on "v"."id" = "i"."video_id"
    where
      "i"."playlist_id" = "p"."id"
      and (
        "v"."visibility" <> 'private'
        or "v"."owner_id" = ?
      )
    order by
      "i"."position",
      "i"."video_id"
    limit
      ?
  ) as "first_video_id"
from
  "playlists" as "p"
  inner join "users" as "u" on "u"."id" = "p"."owner_id"
where
  "p"."id" = ?;

-- PlaylistRepository.choices
select
  "p"."id",
  "p"."kind",
  "p"."title",
  "p"."visibility",
  case
    when exists (
      select
        1 as "one"
      from
        "playlist_items" as "i"
      where
        "i"."playlist_id" = "p"."id"
        and "i"."video_id" = ?
    ) then 1
    else 0
  end as "contains_video"
from
  "playlists" as "p"
where
  "p"."owner_id" = ?
order by
  case
    when p.kind = 'watch_later' then 0
    else 1
  end,
  "p"."created_at" desc,
  "p"."id" desc
limit
  ?;

-- PlaylistRepository.delete
delete from "playlists"
where
  "id" = ?;
