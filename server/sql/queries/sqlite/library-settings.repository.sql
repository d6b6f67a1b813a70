-- The SQL each method sends, in order, written by `npm run sql` from
-- server/sql/repository-queries.ts (examples against fixture rows). Do not edit.

-- LibrarySettingsRepository.find
select
  "user_id",
  "history_paused",
  "history_resumed_at",
  "notify_new_video",
  "notify_comment_reply",
  "notify_video_comment",
  "notify_processing_done",
  "notify_processing_failed",
  "notifications_read_before",
  "updated_at"
from
  "library_settings"
where
  "user_id" = ?;

-- LibrarySettingsRepository.update
insert into
  "library_settings" ("user_id", "notify_new_video", "updated_at")
values
  (?, ?, ?)
on conflict ("user_id") do update
set
  "notify_new_video" = ?,
  "updated_at" = ?;

-- LibrarySettingsRepository.setHistoryPaused
insert into
  "library_settings" ("user_id", "history_paused", "updated_at")
values
  (?, ?, ?)
on conflict ("user_id") do update
set
  "history_paused" = ?,
  "history_resumed_at" = case
    when library_settings.history_paused = 1
    and excluded.history_paused = 0 then ?
    else library_settings.history_resumed_at
  end,
  "updated_at" = ?;

insert into
  "library_settings" ("user_id", "history_paused", "updated_at")
values
  (?, ?, ?)
on conflict ("user_id") do update
set
  "history_paused" = ?,
  "history_resumed_at" = case
    when library_settings.history_paused = 1
    and excluded.history_paused = 0 then ?
    else library_settings.history_resumed_at
  end,
  "updated_at" = ?;

-- LibrarySettingsRepository.markReadBefore
insert into
  "library_settings" (
    "user_id",
    "notifications_read_before",
    "updated_at"
  )
values
  (?, ?, ?)
on conflict ("user_id") do update
set
  "notifications_read_before" = case
    when excluded.notifications_read_before > library_settings.notifications_read_before then excluded.notifications_read_before
    else library_settings.notifications_read_before
  end,
  "updated_at" = ?;
