-- The SQL each method sends, in order, written by `npm run sql` from
-- server/sql/repository-queries.ts (examples against fixture rows). Do not edit.

-- RateLimitRepository.hit
insert into
  "rate_limits" ("bucket", "subject", "window_start", "hits")
values
  (?, ?, ?, ?)
on conflict ("bucket", "subject", "window_start") do update
set
  "hits" = rate_limits.hits + 1
returning
  "hits";

-- RateLimitRepository.deleteOlderThan
delete from "rate_limits"
where
  "window_start" < ?;
