import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export class RateLimitRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Atomically counts one hit in a fixed window and answers the new total. */
  async hit(bucket: string, subject: string, windowStart: number): Promise<number> {
    const row = await this.db
      .insertInto('rate_limits')
      .values({ bucket, subject, window_start: windowStart, hits: 1 })
      .onConflict((oc) =>
        oc
          .columns(['bucket', 'subject', 'window_start'])
          .doUpdateSet({ hits: sql<number>`rate_limits.hits + 1` }),
      )
      .returning('hits')
      .executeTakeFirstOrThrow();
    return Number(row.hits);
  }

  deleteOlderThan(windowStart: number): Promise<unknown> {
    return this.db.deleteFrom('rate_limits').where('window_start', '<', windowStart).execute();
  }
}
