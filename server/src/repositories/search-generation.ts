import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * The search generation (`search_generation.n`, SEARCH_GENERATION in caches/version-coverage.ts)
 * as a scalar subquery, for a statement to carry on every row: what it read is then known to
 * be the database at that generation, in which no video's title, hashtag, visibility or
 * length differs and none was added or removed.
 */
export function searchGenerationQuery(db: Kysely<Database>) {
  return db.selectFrom('search_generation').select('n').where('id', '=', 1);
}
