-- The SQL each method sends, in order, written by `npm run sql` from
-- server/sql/repository-queries.ts (examples against fixture rows). Do not edit.

-- NotificationFanoutRepository.insertProcessed
insert into
  "notifications" ("id", "user_id", "kind", "video_id", "created_at")
select
  cast(? as varchar(24)) as "id",
  "v"."owner_id" as "user_id",
  'processing_done' as "kind",
  "v"."id" as "video_id",
  cast(? as bigint) as "created_at"
from
  "videos" as "v"
where
  "v"."id" = ?
  and not exists (
    select
      1
    from
      library_settings ls
    where
      ls.user_id = "v"."owner_id"
      and ls."notify_processing_done" = 0
  );
