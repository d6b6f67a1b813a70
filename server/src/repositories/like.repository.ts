import { sql, type Kysely, type Transaction } from 'kysely';
import { lockVideoOfComment, lockVideoRow } from '../db/dialect-sql.js';
import { preparedQuery } from '../db/prepared-query.js';
import type { Database } from '../db/schema.js';
import type { KeyedListRow } from './video.repository.js';
import { afterRow, type After } from './keyset.js';

export type LikeKind = 'like' | 'dislike';

/** A liked list's row, with the list's summary repeated on each. */
interface LikedRow extends KeyedListRow {
  n: number;
  newest: number | null;
}
export type LikeTargetType = 'Video' | 'Comment';

export interface LikeKey {
  userId: string;
  targetType: LikeTargetType;
  targetId: string;
}

// An attempt fails only when another toggle of the same row committed in between, so each
// retry means progress elsewhere: this bound is only reached by that many requests in flight
// for one user and one target at once.
const TOGGLE_ATTEMPTS = 50;

/** Likes and dislikes of videos and comments: SQL only. */
export class LikeRepository {
  private readonly likedFirstPage;
  private readonly likedPage;
  private readonly likedPageAfter;
  private readonly likedSummary;

  constructor(private readonly db: Kysely<Database>) {
    // The first page has no OFFSET, so PostgreSQL keeps one plan for it (Paging, keyset.ts).
    this.likedFirstPage = preparedQuery<{ userId: string; limit: number }, LikedRow>(db, (arg) =>
      this.likedRows(arg('userId')).limit(arg('limit')),
    );
    this.likedPage = preparedQuery<{ userId: string; limit: number; offset: number }, LikedRow>(
      db,
      (arg) => this.likedRows(arg('userId')).limit(arg('limit')).offset(arg('offset')),
    );
    // After a like already shown (keyset paging), from the same index range.
    this.likedPageAfter = preparedQuery<
      { userId: string; limit: number; afterKey: number; afterId: string },
      LikedRow
    >(db, (arg) =>
      this.likedRows(arg('userId'))
        .where(
          afterRow(sql.ref('l.created_at'), 'l.target_id', 'desc', {
            key: arg('afterKey'),
            id: arg('afterId'),
          }),
        )
        .limit(arg('limit')),
    );
    // The same likes counted from the index alone: target_hidden (migration 011) already says
    // which liked videos went private.
    this.likedSummary = preparedQuery<{ userId: string }, { n: number; newest: number | null }>(
      db,
      (arg) => this.likedSummaryOf(arg('userId')),
    );
  }

  /**
   * Applies one like/dislike toggle and answers the caller's state and the target's like count
   * after it. Every step locks or conflicts on the (user, target) row, so concurrent toggles
   * of the same row run one after another, as if clicked in sequence: the same kind twice
   * removes it, the other kind replaces it, and there is never more than one row.
   */
  async toggle(
    key: LikeKey,
    kind: LikeKind,
    now: number,
  ): Promise<{ kind: LikeKind | null; likesCount: number } | undefined> {
    return this.db.transaction().execute(async (trx) => {
      if (key.targetType === 'Video') await lockVideoRow(trx, key.targetId);
      else await lockVideoOfComment(trx, key.targetId);
      // Deleted since the caller looked (its owner's delete, or the owner's account going):
      // nothing is written, so no like is left pointing at nothing and no count counts one.
      // Deletes take the same video lock first, so on PostgreSQL this read sees their end.
      const target = await trx
        .selectFrom(key.targetType === 'Video' ? 'videos' : 'comments')
        .select('id')
        .where('id', '=', key.targetId)
        .executeTakeFirst();
      if (!target) return undefined;
      const state = await this.applyToggle(trx, key, kind, now);
      // The target's count, kept by triggers on likes (migrations 008 and 010), includes this toggle.
      const row = await trx
        .selectFrom(key.targetType === 'Video' ? 'videos' : 'comments')
        .select('likes_count')
        .where('id', '=', key.targetId)
        .executeTakeFirst();
      return { kind: state, likesCount: Number(row?.likes_count ?? 0) };
    });
  }

  /**
   * Deletes the user's own like or dislike of the target only if it is of this kind, in the
   * toggle's locking order; undefined when there was none to take back.
   */
  async removeIfKind(key: LikeKey, kind: LikeKind): Promise<{ likesCount: number } | undefined> {
    return this.db.transaction().execute(async (trx) => {
      if (key.targetType === 'Video') await lockVideoRow(trx, key.targetId);
      else await lockVideoOfComment(trx, key.targetId);
      const gone = await trx
        .deleteFrom('likes')
        .where('user_id', '=', key.userId)
        .where('target_type', '=', key.targetType)
        .where('target_id', '=', key.targetId)
        .where('kind', '=', kind)
        .returning('kind')
        .executeTakeFirst();
      if (!gone) return undefined;
      const row = await trx
        .selectFrom(key.targetType === 'Video' ? 'videos' : 'comments')
        .select('likes_count')
        .where('id', '=', key.targetId)
        .executeTakeFirst();
      return { likesCount: Number(row?.likes_count ?? 0) };
    });
  }

  private async applyToggle(
    trx: Transaction<Database>,
    key: LikeKey,
    kind: LikeKind,
    now: number,
  ): Promise<LikeKind | null> {
    for (let attempt = 0; attempt < TOGGLE_ATTEMPTS; attempt += 1) {
      // A no-op update: locks the existing row (PostgreSQL) and reads its kind under that lock.
      const current = await trx
        .updateTable('likes')
        .set((eb) => ({ kind: eb.ref('kind') }))
        .where('user_id', '=', key.userId)
        .where('target_type', '=', key.targetType)
        .where('target_id', '=', key.targetId)
        .returning('kind')
        .executeTakeFirst();
      if (current?.kind === kind) {
        await trx
          .deleteFrom('likes')
          .where('user_id', '=', key.userId)
          .where('target_type', '=', key.targetType)
          .where('target_id', '=', key.targetId)
          .execute();
        return null;
      }
      if (current) {
        await trx
          .updateTable('likes')
          .set({ kind, created_at: now })
          .where('user_id', '=', key.userId)
          .where('target_type', '=', key.targetType)
          .where('target_id', '=', key.targetId)
          .execute();
        return kind;
      }
      // No row yet: the unique constraint decides between concurrent first clicks.
      const inserted = await trx
        .insertInto('likes')
        .values({
          user_id: key.userId,
          target_type: key.targetType,
          target_id: key.targetId,
          kind,
          created_at: now,
        })
        .onConflict((oc) => oc.columns(['user_id', 'target_type', 'target_id']).doNothing())
        .returning('kind')
        .executeTakeFirst();
      if (inserted) return kind;
    }
    throw new Error('Like toggle did not settle.');
  }

  /** The viewer's own like or dislike of each target that has one, in one query. */
  async viewerKinds(
    targetType: LikeTargetType,
    targetIds: string[],
    viewerId: string,
  ): Promise<Map<string, LikeKind>> {
    const out = new Map<string, LikeKind>();
    if (targetIds.length === 0) return out;
    const rows = await this.db
      .selectFrom('likes')
      .select(['target_id', 'kind'])
      .where('user_id', '=', viewerId)
      .where('target_type', '=', targetType)
      .where('target_id', 'in', targetIds)
      .execute();
    for (const r of rows) out.set(r.target_id, r.kind);
    return out;
  }

  /**
   * Videos a user liked (not disliked), newest like first, as lists read them, skipping videos that
   * became private unless the user owns them; with the total and the newest like's time.
   */
  async likedVideos(
    userId: string,
    limit: number,
    offset: number,
    after?: After,
  ): Promise<{ rows: KeyedListRow[]; total: number; newest: number | null }> {
    const rows = after
      ? await this.likedPageAfter({ userId, limit, afterKey: Number(after.key), afterId: after.id })
      : offset === 0
        ? await this.likedFirstPage({ userId, limit })
        : await this.likedPage({ userId, limit, offset });
    // Nothing listed (no likes, or a page past the end): the summary alone.
    const summary = rows[0] ?? (await this.likedSummary({ userId }))[0];
    return {
      rows,
      total: Number(summary?.n ?? 0),
      newest: summary?.newest == null ? null : Number(summary.newest),
    };
  }

  /**
   * How many videos the user likes and when they last liked one, counted from the likes index
   * alone: target_hidden (migration 011) already says which liked videos went private.
   */
  private likedSummaryOf(userId: string) {
    return this.videoLikesOf(userId)
      .where('l.target_hidden', '=', 0)
      .select([sql<number>`count(*)`.as('n'), sql<number | null>`max(l.created_at)`.as('newest')]);
  }

  /** The user's liked videos, newest like first, each with the like's time (its sort key). */
  private likedRows(userId: string) {
    return (
      this.videoLikesOf(userId)
        .innerJoin('videos as v', 'v.id', 'l.target_id')
        // The page checks each video itself rather than trust the kept flag: a private video
        // of someone else never leaves the server, whatever the flag says.
        .where((eb) => eb.or([eb('v.visibility', '<>', 'private'), eb('v.owner_id', '=', userId)]))
        .select(['v.id', 'v.card_version', 'v.views', 'l.created_at as sort_key'])
        // The list's summary on every row, as uncorrelated scalar subqueries (each run once
        // per statement): the page and what it counts are one statement.
        .select([
          this.likedSummaryOf(userId)
            .clearSelect()
            .select(sql<number>`count(*)`.as('n'))
            .as('n'),
          this.likedSummaryOf(userId)
            .clearSelect()
            .select(sql<number | null>`max(l.created_at)`.as('newest'))
            .as('newest'),
        ])
        // l.target_id is v.id; ordered by the likes index's own columns, the page needs no
        // sort and stops after `limit` rows instead of joining every like first.
        .orderBy('l.created_at', 'desc')
        .orderBy('l.target_id', 'desc')
    );
  }

  private videoLikesOf(userId: string) {
    return this.db
      .selectFrom('likes as l')
      .where('l.user_id', '=', userId)
      .where('l.target_type', '=', 'Video')
      .where('l.kind', '=', 'like');
  }
}
