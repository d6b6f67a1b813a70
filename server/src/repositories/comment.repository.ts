import { PostgresAdapter, sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { AuditLogTable, CommentsTable, Database } from '../db/schema.js';
import { insertAudit } from './audit.repository.js';
import { HIDDEN_NOW } from './comment-holds.js';
import { newId } from '../lib/ids.js';
import { COMMENT_COLUMNS, qualified } from './columns.js';
import { insertCommentNotifications } from './notification-fanout.repository.js';
import { afterRow, type After } from './keyset.js';
import { lockVideoOfComment, lockVideoRow } from '../db/dialect-sql.js';

export type CommentRow = Selectable<CommentsTable>;

export interface CommentWithOwner extends CommentRow {
  owner_username: string;
  owner_avatar_key: string;
}

export interface HeldCommentRow extends CommentWithOwner {
  video_title: string;
}

/** Comments and replies: SQL only. */
export class CommentRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * A new comment or reply, `held` for the video owner's approval or not. Whether others see
   * it is decided with the author's row locked (PostgreSQL; SQLite's write lock serialises):
   * an author suspended meanwhile writes a hidden comment, and a reply under a hidden comment
   * is hidden with it (comment-holds.ts). The video's row is locked next, before the insert
   * takes its share of the parent comment: a delete of that comment holds the video and waits
   * for the comment, so the other order deadlocks (see lockVideoOfComment).
   */
  async insertNew(
    row: Omit<Insertable<CommentsTable>, 'hidden' | 'author_suspended'>,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      let author = trx.selectFrom('users').select('suspended_at').where('id', '=', row.owner_id);
      if (this.db.getExecutor().adapter instanceof PostgresAdapter) author = author.forShare();
      const found = await author.executeTakeFirst();
      await lockVideoRow(trx, row.video_id);
      const parent = row.parent_id
        ? await trx
            .selectFrom('comments')
            .select(['held', 'author_suspended'])
            .where('id', '=', row.parent_id)
            .executeTakeFirst()
        : undefined;
      const suspended = found?.suspended_at != null ? 1 : 0;
      const parentHidden = parent
        ? Number(parent.held) === 1 || Number(parent.author_suspended) === 1
        : false;
      const hidden = Number(row.held ?? 0) === 1 || suspended === 1 || parentHidden ? 1 : 0;
      await trx
        .insertInto('comments')
        .values({ ...row, author_suspended: suspended, hidden })
        .execute();
      // Only a comment others can see tells anyone about itself.
      if (hidden === 0) {
        const now = Number(row.created_at);
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
      }
    });
  }

  /**
   * The video owner lets a held comment show: false when it was not held. Once others see it,
   * the author of the comment it answers hears of the reply then (the owner, who approved it,
   * needs no notice), as a comment posted unheld tells them at once.
   */
  async approve(id: string, now: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await lockVideoOfComment(trx, id);
      const done = await trx
        .updateTable('comments')
        .set({ held: 0 })
        .where('id', '=', id)
        .where('held', '=', 1)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) === 0) return false;
      // After the statement above, so the rule reads the comment as approved.
      await trx.updateTable('comments').set({ hidden: HIDDEN_NOW }).where('id', '=', id).execute();
      const shown = await trx
        .selectFrom('comments')
        .select(['id', 'video_id', 'owner_id', 'parent_id'])
        .where('id', '=', id)
        .where('hidden', '=', 0)
        .executeTakeFirst();
      if (shown) {
        await insertCommentNotifications(trx, shown, now, () => newId(now), false);
      }
      return true;
    });
  }

  /**
   * Held comments of one video that `viewerId` may see: their own, or every one when they own
   * the video (`all`), oldest first. A suspended author's held comments stay hidden.
   */
  heldOn(videoId: string, viewerId: string, all: boolean): Promise<CommentWithOwner[]> {
    let query = this.withOwner()
      .where('c.video_id', '=', videoId)
      // In the text, not bound, so SQLite can match the partial index `comments_held`.
      .where('c.held', '=', sql.lit(1))
      .where('c.author_suspended', '=', 0);
    if (!all) query = query.where('c.owner_id', '=', viewerId);
    return query.orderBy('c.created_at', 'asc').orderBy('c.id', 'asc').limit(100).execute();
  }

  /** The held comments on one owner's videos, newest first, with each video's title. */
  async heldForOwner(
    ownerId: string,
    limit: number,
    offset: number,
  ): Promise<{ rows: HeldCommentRow[]; total: number }> {
    const base = this.db
      .selectFrom('comments as c')
      .innerJoin('videos as v', 'v.id', 'c.video_id')
      .where('v.owner_id', '=', ownerId)
      .where('c.held', '=', sql.lit(1))
      .where('c.author_suspended', '=', 0);
    const [rows, total] = await Promise.all([
      base
        .innerJoin('users as u', 'u.id', 'c.owner_id')
        .select(qualified('c', COMMENT_COLUMNS))
        .select([
          'u.username as owner_username',
          'u.avatar_key as owner_avatar_key',
          'v.title as video_title',
        ])
        .orderBy('c.created_at', 'desc')
        .orderBy('c.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
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
    // Only what others are shown (`hidden`, migration 051): held comments come separately.
    let pageIds = this.db
      .selectFrom('comments as p')
      .select('p.id')
      .where('p.video_id', '=', videoId)
      .where('p.hidden', '=', 0)
      .where('p.parent_id', 'is', null);
    let topLevel = this.withOwner()
      .where('c.video_id', '=', videoId)
      .where('c.hidden', '=', 0)
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
        .where('c.hidden', '=', 0)
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
        .where('hidden', '=', 0)
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

  /**
   * The comment, its replies and every like on any of them, all or nothing; with the audit
   * entry of a staff member's deletion when there is one.
   */
  async deleteWithReplies(id: string, audit?: Insertable<AuditLogTable>): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await lockVideoOfComment(trx, id);
      if (audit) await insertAudit(trx, audit);
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
