import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, VideosTable } from '../db/schema.js';

/** What a sitemap entry shows of a video. */
export type SitemapRow = Pick<
  Selectable<VideosTable>,
  | 'id'
  | 'title'
  | 'description'
  | 'duration'
  | 'views'
  | 'video_key'
  | 'thumbnail_key'
  | 'visibility'
  | 'created_at'
  | 'updated_at'
>;

/** The public videos a sitemap lists, page by page: SQL only. */
export class SitemapRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A page of public videos, oldest first (new ones append to the last page). */
  page(limit: number, offset: number): Promise<SitemapRow[]> {
    return this.db
      .selectFrom('videos as v')
      .select([
        'v.id',
        'v.title',
        'v.description',
        'v.duration',
        'v.views',
        'v.video_key',
        'v.thumbnail_key',
        'v.visibility',
        'v.created_at',
        'v.updated_at',
      ])
      .where('v.visibility', '=', 'public')
      .orderBy('v.created_at', 'asc')
      .orderBy('v.id', 'asc')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  /** How many videos are public, kept by triggers (migration 007). */
  async publicCount(): Promise<number> {
    const row = await this.db
      .selectFrom('video_counts')
      .select(sql<number>`coalesce(sum(n), 0)`.as('n'))
      .where('visibility', '=', 'public')
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}
