import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect-sql.js';

/**
 * `search_generation`: a counter that triggers on `videos` move whenever search results could
 * change (a video added or removed, its title, hashtag or visibility edited). Counting up to
 * a thousand matches is most of a search's cost, and the count for a query can be reused
 * exactly as long as the counter has not moved. View counts never move it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('search_generation')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('n', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into search_generation (id, n) values (1, 0)`.execute(db);

  if (dialectOf(db) === 'postgres') {
    await sql`create function search_generation_bump() returns trigger language plpgsql as $$
      begin
        update search_generation set n = n + 1 where id = 1;
        return null;
      end $$`.execute(db);
    // Per statement: a bulk import moves the counter once, not once per row.
    await sql`create trigger videos_search_generation_insert_delete after insert or delete
      on videos for each statement execute function search_generation_bump()`.execute(db);
    await sql`create trigger videos_search_generation_update
      after update of title, hashtag, visibility on videos
      for each statement execute function search_generation_bump()`.execute(db);
  } else {
    const bump = sql`update search_generation set n = n + 1 where id = 1`;
    await sql`create trigger videos_search_generation_insert after insert on videos
      begin ${bump}; end`.execute(db);
    await sql`create trigger videos_search_generation_delete after delete on videos
      begin ${bump}; end`.execute(db);
    await sql`create trigger videos_search_generation_update
      after update of title, hashtag, visibility on videos
      begin ${bump}; end`.execute(db);
  }
}
