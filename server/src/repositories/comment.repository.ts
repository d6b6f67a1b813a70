import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { CommentsTable, Database } from '../db/schema.js';
import { newId } from '../lib/ids.js';
import { COMMENT_COLUMNS, qualified } from './columns.js';
import { insertCommentNotifications } from './notification.repository.js';
import { afterRow, type After } from './keyset.js';
import { lockVideoOfComment } from '../db/dialect-sql.js';

export type CommentRow = Selectable<CommentsTable>;

export interface CommentWithOwner extends CommentRow {
  owner_username: string;
  owner_avatar_key: string;
}

/** Comments and replies: SQL only. */
export class CommentRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The comment and the notifications it causes (see insertCommentNotifications), together. */
  async insert(row: Insertable<CommentsTable>): Promise<void> {
    const now = Number(row.created_at);
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('comments').values(row).execute();
      await insertCommentNotifications(
        trx,
        {
          id: row.id,
          video_id: row.video_id,
          owner_id: row.owner_id,
          parent_id: row.parent_id ?? null,
        },
        now,
        () => newId(now),
      );
    });
  }

  findById(id: string): Promise<CommentRow | undefined> {
    return this.db
      .selectFrom('comments')
      .select(COMMENT_COLUMNS)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  private withOwner() {
    return this.db
      .selectFrom('comments as c')
      .innerJoin('users as u', 'u.id', 'c.owner_id')
      .select(qualified('c', COMMENT_COLUMNS))
      .select(['u.username as owner_username', 'u.avatar_key as owner_avatar_key']);
  }

  findWithOwner(id: string): Promise<CommentWithOwner | undefined> {
    return this.withOwner().where('c.id', '=', id).executeTakeFirst();
  }

  /**
   * One page of a video's top-level comments, newest first, every reply to them, oldest
   * first, and both counts; by position, or after a comment already shown (keyset paging on
   * the (video_id, parent_id, created_at, id) index). The replies' query selects the page's
   * comments itself, so no list of a hundred ids is built and bound.
   */
  async page(
    videoId: string,
    limit: number,
    offset: number,
    after?: After,
  ): Promise<{
    rows: CommentWithOwner[];
    replies: CommentWithOwner[];
    topLevel: number;
    all: number;
  }> {
    let pageIds = this.db
      .selectFrom('comments as p')
      .select('p.id')
      .where('p.video_id', '=', videoId)
      .where('p.parent_id', 'is', null);
    let topLevel = this.withOwner()
      .where('c.video_id', '=', videoId)
      .where('c.parent_id', 'is', null);
    if (after) {
      pageIds = pageIds.where(afterRow(sql.ref('p.created_at'), 'p.id', 'desc', after));
      topLevel = topLevel.where(afterRow(sql.ref('c.created_at'), 'c.id', 'desc', after));
    }
    const [rows, replies, counts] = await Promise.all([
      topLevel
        .orderBy('c.created_at', 'desc')
        .orderBy('c.id', 'desc')
        .limit(limit)
        .offset(after ? 0 : offset)
        .execute(),
      this.withOwner()
        .where(
          'c.parent_id',
          'in',
          pageIds
            .orderBy('p.created_at', 'desc')
            .orderBy('p.id', 'desc')
            .limit(limit)
            .offset(after ? 0 : offset),
        )
        .orderBy('c.created_at', 'asc')
        .orderBy('c.id', 'asc')
        .execute(),
      this.db
        .selectFrom('comments')
        .select([
          sql<number>`count(*)`.as('all_count'),
          sql<number>`count(*) - count(parent_id)`.as('top_count'),
        ])
        .where('video_id', '=', videoId)
        .executeTakeFirstOrThrow(),
    ]);
    return {
      rows,
      replies,
      topLevel: Number(counts.top_count),
      all: Number(counts.all_count),
    };
  }

  /** In the comment's video's lock, like every change of a comment (see lockVideoOfComment). */
  updateContent(id: string, content: string, now: number): Promise<unknown> {
    return this.db.transaction().execute(async (trx) => {
      await lockVideoOfComment(trx, id);
      await trx
        .updateTable('comments')
        .set({ content, updated_at: now })
        .where('id', '=', id)
        .execute();
    });
  }

  /** The comment, its replies and every like on any of them, all or nothing. */
  async deleteWithReplies(id: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await lockVideoOfComment(trx, id);
      // Likes point at videos or comments, so no foreign key cascades them.
      await trx
        .deleteFrom('likes')
        .where('target_type', '=', 'Comment')
        .where((eb) =>
          eb.or([
            eb('target_id', '=', id),
            eb(
              'target_id',
              'in',
              eb.selectFrom('comments').select('id').where('parent_id', '=', id),
            ),
          ]),
        )
        .execute();
      await trx.deleteFrom('comments').where('parent_id', '=', id).execute();
      await trx.deleteFrom('comments').where('id', '=', id).execute();
    });
  }
}
