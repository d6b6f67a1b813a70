import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect-sql.js';

/**
 * PostgreSQL: a counted view, like or comment updates its row in place (a HOT update), not as a
 * new row version elsewhere in the table with an entry in every index of it.
 *
 * - `videos_owner_views` (migration 005) held `views`, so every counted view wrote all eleven
 *   indexes of `videos`, both trigram indexes among them: 480-570 µs an update among 100,000
 *   videos, against 230-310 in place. The channel and studio lists sorted by views now read the
 *   owner's rows from `videos_owner_created` and sort them, as the studio's sorts by likes and
 *   comments always did: a channel of 1,000 videos in about 1 ms.
 * - The tables whose rows keep counts (the derived data of `derived/derived-data.ts`, and a
 *   video's views) leave room on each page for the updated version: on a full page it goes to
 *   another page, and into every index.
 *
 * `counters-in-place.api.test.ts` checks both for every kept count. SQLite updates rows where
 * they are and has neither notion.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await db.schema.dropIndex('videos_owner_views').execute();
  for (const table of ['videos', 'comments', 'users']) {
    await sql`alter table ${sql.table(table)} set (fillfactor = 80)`.execute(db);
  }
}
