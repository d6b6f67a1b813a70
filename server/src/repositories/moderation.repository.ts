import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Database } from '../db/schema.js';
import { escapeLike } from '../db/dialect-sql.js';
import { VIDEO_COLUMNS, qualified } from './columns.js';
import type { VideoWithOwner } from './video.repository.js';

export interface ModerationVideoRow extends VideoWithOwner {
  owner_role: string;
}

export interface VideoFilter {
  /** Part of a title, or a whole video id. */
  text?: string;
  state: 'all' | 'blocked' | 'visible' | 'hidden';
}

export interface InstanceCounts {
  users: number;
  pending: number;
  suspended: number;
  staff: number;
  videos: number;
  publicVideos: number;
  blocked: number;
  openReports: number;
  /** Bytes every video keeps in the media store (`videos.stored_bytes`, migration 040). */
  storedBytes: number;
}

/** The console's filter over videos aliased `v`. */
function videoFilterSql(filter: VideoFilter): RawBuilder<SqlBool> {
  const parts: RawBuilder<unknown>[] = [sql`1 = 1`];
  if (filter.text) {
    const text = filter.text.toLowerCase();
    const pattern = `%${escapeLike(text)}%`;
    parts.push(sql`(v.id = ${text} or lower(v.title) like ${pattern} escape '\\')`);
  }
  if (filter.state === 'blocked') parts.push(sql`v.blocked_at is not null`);
  if (filter.state === 'visible') parts.push(sql`v.visibility <> 'private'`);
  if (filter.state === 'hidden') parts.push(sql`v.visibility = 'private'`);
  return sql<SqlBool>`${sql.join(parts, sql` and `)}`;
}

/** What staff read of videos and of the instance as a whole: SQL only. */
export class ModerationRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A video with its owner's name, picture and role, whatever its visibility. */
  video(id: string): Promise<ModerationVideoRow | undefined> {
    return this.withOwner().where('v.id', '=', id).executeTakeFirst();
  }

  private withOwner() {
    return this.db
      .selectFrom('videos as v')
      .innerJoin('users as u', 'u.id', 'v.owner_id')
      .select(qualified('v', VIDEO_COLUMNS))
      .select([
        'u.username as owner_username',
        'u.avatar_key as owner_avatar_key',
        'u.role as owner_role',
      ]);
  }

  /**
   * A page of videos for the console, newest first. Blocked ones come from their own index;
   * a text filter scans titles (bounded by the page), as staff look rarely and at any video.
   */
  async videoPage(
    filter: VideoFilter,
    limit: number,
    offset: number,
  ): Promise<{ rows: ModerationVideoRow[]; total: number }> {
    const where = videoFilterSql(filter);
    const [rows, total] = await Promise.all([
      this.withOwner()
        .where(where)
        .orderBy(filter.state === 'blocked' ? 'v.blocked_at' : 'v.created_at', 'desc')
        .orderBy('v.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      this.db
        .selectFrom('videos as v')
        .select(sql<number>`count(*)`.as('n'))
        .where(where)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  /** The console's dashboard figures, in one round trip; each from a kept count or an index. */
  async counts(): Promise<InstanceCounts> {
    const count = (q: SelectQueryBuilder<Database, keyof Database, object>) =>
      q.select(sql<number>`count(*)`.as('n'));
    const row = await this.db
      .selectNoFrom((eb) => [
        count(eb.selectFrom('users')).as('users'),
        count(eb.selectFrom('users').where('awaiting_approval', '=', 1)).as('pending'),
        count(eb.selectFrom('users').where('suspended_at', 'is not', null)).as('suspended'),
        count(eb.selectFrom('users').where('role', 'in', ['admin', 'moderator'])).as('staff'),
        eb
          .selectFrom('video_counts')
          .select(sql<number>`coalesce(sum(n), 0)`.as('n'))
          .as('videos'),
        eb
          .selectFrom('video_counts')
          .select('n')
          .where('visibility', '=', 'public')
          .as('public_videos'),
        count(eb.selectFrom('videos').where('blocked_at', 'is not', null)).as('blocked'),
        count(eb.selectFrom('reports').where('state', '=', 'open')).as('open_reports'),
        eb
          .selectFrom('videos')
          .select(sql<number>`coalesce(sum(stored_bytes), 0)`.as('n'))
          .as('stored_bytes'),
      ])
      .executeTakeFirstOrThrow();
    return {
      users: Number(row.users ?? 0),
      pending: Number(row.pending ?? 0),
      suspended: Number(row.suspended ?? 0),
      staff: Number(row.staff ?? 0),
      videos: Number(row.videos ?? 0),
      publicVideos: Number(row.public_videos ?? 0),
      blocked: Number(row.blocked ?? 0),
      openReports: Number(row.open_reports ?? 0),
      storedBytes: Number(row.stored_bytes ?? 0),
    };
  }
}
