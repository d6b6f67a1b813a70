import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { searchGenerationQuery } from './search-generation.js';

export const HOUR_MS = 3_600_000;

export interface TrendingRankingQuery {
  /** Epoch ms the weights are measured from. */
  now: number;
  /** Hours (`floor(ms / 3600000)`) from this one on count. */
  fromHour: number;
  /** A view this old weighs half as much as one now. */
  halfLifeMs: number;
  limit: number;
}

/** Views per video and hour (`video_view_hours`, migration 081): SQL only. */
export class TrendingRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Public videos by their decayed views since `fromHour`, highest first: each hour's views
   * weigh `0.5 ^ (age / halfLife)`, its age measured from the hour's start. Reads the window by
   * the table's key (hour first), one row per video and hour. Each row carries the search
   * generation the statement read: the videos were public at that generation.
   */
  ranking(
    query: TrendingRankingQuery,
  ): Promise<{ id: string; score: number; search_generation: number | null }[]> {
    const age = sql`(${query.now} - h.hour * ${HOUR_MS})`;
    // A real division on both dialects: integer division would weigh whole half-lives only.
    const weight = sql`power(0.5, ${age} / cast(${query.halfLifeMs} as double precision))`;
    const score = sql<number>`cast(sum(h.views * ${weight}) as double precision)`;
    return this.db
      .selectFrom('video_view_hours as h')
      .innerJoin('videos as v', 'v.id', 'h.video_id')
      .select(['h.video_id as id', score.as('score')])
      .select(searchGenerationQuery(this.db).as('search_generation'))
      .where('h.hour', '>=', query.fromHour)
      .where('v.visibility', '=', 'public')
      .groupBy('h.video_id')
      .orderBy('score', 'desc')
      .orderBy('h.video_id', 'desc')
      .limit(query.limit)
      .execute();
  }

  /** Hours before `beforeHour` are outside every window trending reads. */
  async prune(beforeHour: number): Promise<void> {
    await this.db.deleteFrom('video_view_hours').where('hour', '<', beforeHour).execute();
  }
}
