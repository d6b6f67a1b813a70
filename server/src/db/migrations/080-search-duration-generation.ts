import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect-sql.js';

/**
 * Search filters by length, so a video's duration changing (processing measures it) can change
 * a search's results: it now moves `search_generation` (migration 009) too, and a count kept
 * for a filtered search is never reused past it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`create trigger videos_search_generation_duration after update of duration on videos
      for each statement execute function search_generation_bump()`.execute(db);
  } else {
    await sql`create trigger videos_search_generation_duration after update of duration on videos
      when old.duration is not new.duration
      begin update search_generation set n = n + 1 where id = 1; end`.execute(db);
  }
}
