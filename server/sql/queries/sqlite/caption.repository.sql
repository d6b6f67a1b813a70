-- The SQL each method sends, in order, written by `npm run sql` from
-- server/sql/repository-queries.ts (examples against fixture rows). Do not edit.

-- CaptionRepository.put
begin immediate;

insert into
  "video_captions" (
    "video_id",
    "language",
    "label",
    "file_name",
    "created_at"
  )
values
  (?, ?, ?, ?, ?)
on conflict ("video_id", "language") do update
set
  "label" = ?,
  "file_name" = ?,
  "created_at" = ?;

commit;

-- CaptionRepository.census
begin immediate;

select
  "language",
  "file_name"
from
  "video_captions"
where
  "video_id" = ?;

commit;

-- CaptionRepository.list
select
  "language",
  "label",
  "file_name"
from
  "video_captions"
where
  "video_id" = ?
order by
  "language";

-- CaptionRepository.remove
begin immediate;

delete from "video_captions"
where
  "video_id" = ?
  and "language" = ?
returning
  "file_name";

commit;
