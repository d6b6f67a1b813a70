import { sql } from 'kysely';
import type { DatabaseHandle } from '../../src/db/database.js';

/** Every table of the database, whatever migration made it (so a new table is checked too). */
async function tableNames(database: DatabaseHandle): Promise<string[]> {
  if (database.dialect === 'postgres') {
    const { rows } = await sql<{ name: string }>`
      select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(database.db);
    return rows.map((r) => r.name);
  }
  // The FTS table's shadow tables hold its index as opaque blobs; the table itself is read.
  const { rows } = await sql<{ name: string }>`
    select name from sqlite_master
    where type = 'table' and name not like 'sqlite_%' and name not like 'videos_fts_%'`.execute(
    database.db,
  );
  return rows.map((r) => r.name);
}

/**
 * Every row, in any table, with a value that mentions one of `needles` (ids, addresses,
 * usernames): "table: row". Reads whole rows, so no column holding a user id is overlooked.
 */
export async function rowsMentioning(
  database: DatabaseHandle,
  needles: string[],
): Promise<string[]> {
  const found: string[] = [];
  for (const table of await tableNames(database)) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(
      database.db,
    );
    for (const row of rows) {
      const text = JSON.stringify(row);
      if (needles.some((n) => text.includes(n))) found.push(`${table}: ${text}`);
    }
  }
  return found;
}

/**
 * Counts kept by triggers that disagree with a recount of the rows they count, and likes
 * pointing at nothing (which the liked-videos total would count): empty when all is right.
 */
export async function countDrift(database: DatabaseHandle): Promise<string[]> {
  const { rows } = await sql<{ what: string; id: string; kept: number; counted: number }>`
    select 'video likes' as what, v.id, v.likes_count as kept,
      (select count(*) from likes l
        where l.target_type = 'Video' and l.target_id = v.id and l.kind = 'like') as counted
      from videos v
    union all
    select 'video comments', v.id, v.comments_count,
      (select count(*) from comments c where c.video_id = v.id and c.hidden = 0)
      from videos v
    union all
    select 'comment likes', c.id, c.likes_count,
      (select count(*) from likes l
        where l.target_type = 'Comment' and l.target_id = c.id and l.kind = 'like')
      from comments c
    union all
    select 'channel videos', u.id, u.all_videos_count,
      (select count(*) from videos v where v.owner_id = u.id)
      from users u
    union all
    select 'channel public videos', u.id, u.public_videos_count,
      (select count(*) from videos v where v.owner_id = u.id and v.visibility = 'public')
      from users u
    union all
    select 'videos by visibility', k.visibility, k.n,
      (select count(*) from videos v where v.visibility = k.visibility)
      from video_counts k
    union all
    select 'likes of missing videos', l.user_id, 0, count(*)
      from likes l
      where l.target_type = 'Video' and not exists (select 1 from videos v where v.id = l.target_id)
      group by l.user_id
    union all
    select 'likes of missing comments', l.user_id, 0, count(*)
      from likes l
      where l.target_type = 'Comment'
        and not exists (select 1 from comments c where c.id = l.target_id)
      group by l.user_id`.execute(database.db);
  return rows
    .filter((r) => Number(r.kept) !== Number(r.counted))
    .map((r) => `${r.what} of ${r.id}: kept ${r.kept}, counted ${r.counted}`);
}
