import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { Visibility } from '@contract';
import type { Dialect } from '../db/database.js';
import { videoTextContains, type SearchColumn } from '../db/dialect-sql.js';
import type { Database, VideosTable } from '../db/schema.js';

export type VideoRow = Selectable<VideosTable>;

export interface VideoWithOwner extends VideoRow {
  owner_username: string;
  owner_avatar_key: string;
}

export type SortColumn = 'title' | 'created_at' | 'views' | 'duration';

export interface VideoPageQuery {
  visibilities: readonly Visibility[];
  ownerId?: string;
  /** Only videos of the channels this user subscribes to. */
  subscriberId?: string;
  /** Substring of the title or hashtag (search), or of the title only (suggestions). */
  text?: { q: string; columns: SearchColumn[] };
  sort: { column: SortColumn; direction: 'asc' | 'desc' };
  limit: number;
  offset: number;
}

export class VideoRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  insert(row: Insertable<VideosTable>): Promise<unknown> {
    return this.db.insertInto('videos').values(row).execute();
  }

  private withOwner() {
    return this.db
      .selectFrom('videos as v')
      .innerJoin('users as u', 'u.id', 'v.owner_id')
      .selectAll('v')
      .select(['u.username as owner_username', 'u.avatar_key as owner_avatar_key']);
  }

  findWithOwner(id: string): Promise<VideoWithOwner | undefined> {
    return this.withOwner().where('v.id', '=', id).executeTakeFirst();
  }

  /** One query for the page (owner joined) plus one count. */
  async page(query: VideoPageQuery): Promise<{ rows: VideoWithOwner[]; total: number }> {
    const { q, columns } = query.text ?? { q: '', columns: [] };
    let rowsQuery = this.withOwner().where('v.visibility', 'in', query.visibilities);
    let countQuery = this.db
      .selectFrom('videos as v')
      .select(sql<number>`count(*)`.as('n'))
      .where('v.visibility', 'in', query.visibilities);
    if (query.ownerId) {
      rowsQuery = rowsQuery.where('v.owner_id', '=', query.ownerId);
      countQuery = countQuery.where('v.owner_id', '=', query.ownerId);
    }
    if (query.subscriberId) {
      const subscribed = this.db
        .selectFrom('subscriptions as s')
        .select('s.channel_id')
        .where('s.subscriber_id', '=', query.subscriberId);
      rowsQuery = rowsQuery.where('v.owner_id', 'in', subscribed);
      countQuery = countQuery.where('v.owner_id', 'in', subscribed);
    }
    if (q) {
      rowsQuery = rowsQuery.where(videoTextContains(this.dialect, q, columns));
      countQuery = countQuery.where(videoTextContains(this.dialect, q, columns));
    }
    const { column, direction } = query.sort;
    const orderExpr = column === 'title' ? sql`lower(v.title)` : sql.ref(`v.${column}`);
    const [rows, count] = await Promise.all([
      rowsQuery
        .orderBy(orderExpr, direction)
        .orderBy('v.id', direction)
        .limit(query.limit)
        .offset(query.offset)
        .execute(),
      countQuery.executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  /** Titles only, for the search box: no join, no count. */
  suggest(q: string, limit: number): Promise<{ id: string; title: string }[]> {
    return this.db
      .selectFrom('videos as v')
      .select(['v.id', 'v.title'])
      .where('v.visibility', '=', 'public')
      .where(videoTextContains(this.dialect, q, ['title']))
      .orderBy('v.created_at', 'desc')
      .orderBy('v.id', 'desc')
      .limit(limit)
      .execute();
  }

  update(id: string, patch: Updateable<VideosTable>): Promise<unknown> {
    return this.db.updateTable('videos').set(patch).where('id', '=', id).execute();
  }

  /** The row and everything that hangs off it, in one transaction. */
  async delete(id: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      // Likes point at videos or comments, so no foreign key cascades them.
      await trx
        .deleteFrom('likes')
        .where('target_type', '=', 'Video')
        .where('target_id', '=', id)
        .execute();
      await trx
        .deleteFrom('likes')
        .where('target_type', '=', 'Comment')
        .where('target_id', 'in', (eb) =>
          eb.selectFrom('comments').select('id').where('video_id', '=', id),
        )
        .execute();
      // Replies first: they reference their parent comment.
      await trx
        .deleteFrom('comments')
        .where('video_id', '=', id)
        .where('parent_id', 'is not', null)
        .execute();
      await trx.deleteFrom('comments').where('video_id', '=', id).execute();
      await trx.deleteFrom('video_views').where('video_id', '=', id).execute();
      await trx.deleteFrom('video_view_guards').where('video_id', '=', id).execute();
      await trx.deleteFrom('watch_history').where('video_id', '=', id).execute();
      await trx.deleteFrom('videos').where('id', '=', id).execute();
    });
  }
}
