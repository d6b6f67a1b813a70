import { type Kysely } from 'kysely';
import { dialectOf } from '../dialect-sql.js';

/**
 * SQLite: the two indexes the home feed and the subscriptions feed page by also hold what a
 * list reads of each video besides its cached card, its card's version and its views, so a
 * page is read from the index alone. Through the table, whose rows hold descriptions, the home
 * feed's 61 rows were 61 more lookups over a dozen pages, and the subscriptions feed's, each
 * of another channel, 61 lookups over as many pages, most not in a 2 MB page cache. The key
 * columns and their order are unchanged: every query that seeks or orders by them still can.
 * `covering-indexes.catalogue.test.ts` checks the plans.
 *
 * Not on PostgreSQL, for the reason of migration 112: `views` in an index makes every counted
 * view a non-HOT update.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'sqlite') return;
  // The owner too: the feed of a viewer subscribed to a large share of the channels is read by
  // walking every public video newest first, checking each one's owner.
  await widen(db, 'videos_visibility_created', ['visibility', 'created_at', 'id'], ['owner_id']);
  await widen(db, 'videos_owner_visibility_created', [
    'owner_id',
    'visibility',
    'created_at',
    'id',
  ]);
}

async function widen(
  db: Kysely<unknown>,
  name: string,
  key: string[],
  more: string[] = [],
): Promise<void> {
  await db.schema.dropIndex(name).execute();
  await db.schema
    .createIndex(name)
    .on('videos')
    .columns([...key, 'card_version', 'views', ...more])
    .execute();
}
