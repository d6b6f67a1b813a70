-- The SQL each method sends, in order, written by `npm run sql` from
-- server/sql/repository-queries.ts (examples against fixture rows). Do not edit.

-- CaptionRepository.put
begin;

insert into
  "video_captions" (
    "video_id",
    "language",
    "label",
    "file_name",
    "created_at"
  )
values
  ($1, $2, $3, $4, $5)
on conflict ("video_id", "language") do update
set
  "label" = $6,
  "file_name" = $7,
  "created_at" = $8;

commit;

-- CaptionRepository.census
begin;

select
  "language",
  "file_name"
from
  "video_captions"
where
  "video_id" = $1;

commit;

-- CaptionRepository.list
select
  "language",
  "label",
  "file_name"
from
  "video_captions"
where
  "video_id" = $1
order by
  "language";

-- CaptionRepository.remove
begin;

delete from "video_captions"
where
  "video_id" = $1
  and "language" = $2
returning
  "file_name";

commit;
