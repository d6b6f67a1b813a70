import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect-sql.js';

/**
 * PostgreSQL: the index the public lists walk newest first (`videos_visibility_created`)
 * carries what those lists read besides its key, so they are answered from the index alone:
 * the home feed reads each entry's id, card version and views, and a search in time order
 * tests the title and hashtag (and the length filter) of each entry it walks past. Before,
 * each entry walked cost a visit to the table: a search for a word in one title of twenty read
 * 1,200 table rows for a page of 60. Views are in another index already, so counting a view
 * costs no more than it did; a card's version and text move only with an edit or a video's
 * processing progress, whose updates now write this index too.
 *
 * SQLite searches its full-text index instead, and its feed statement is already cheap
 * (docs/performance.md): its index stays as it was.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`create index videos_visibility_created_covering on videos (visibility, created_at, id)
    include (title, hashtag, duration, card_version, views)`.execute(db);
  await sql`drop index videos_visibility_created`.execute(db);
  await sql`alter index videos_visibility_created_covering
    rename to videos_visibility_created`.execute(db);
}
