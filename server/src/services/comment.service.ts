import {
  GOVERNANCE_MESSAGES,
  isStaff,
  MESSAGES,
  type Comment,
  type CommentList,
  type CommentListQuery,
  type Reply,
  type StudioComment,
} from '@contract';
import type { RateLimitRule } from '../config.js';
import { isForeignKeyViolation } from '../db/database.js';
import { AppError, conflict, forbidden, notFound } from '../lib/errors.js';
import { isoTime } from '../lib/iso-time.js';
import { keep } from '../lib/kept-objects.js';
import type { ChannelBlockRepository } from '../repositories/channel-block.repository.js';
import { ID_PATTERN, newId } from '../lib/ids.js';
import type {
  CommentRepository,
  CommentRow,
  CommentWithOwner,
} from '../repositories/comment.repository.js';
import type { LikeKind, LikeRepository } from '../repositories/like.repository.js';
import type { UserRepository, UserRow } from '../repositories/user.repository.js';
import type { VideoWithOwner } from '../repositories/video.repository.js';
import { auditEntry } from './audit-log.js';
import type { RateLimiter } from './rate-limiter.js';
import { refusalToActOnAccount, staffActor } from '../rules/staff-rules.js';
import type { ReadSnapshot } from '../db/read-snapshot.js';
import { toComment, toReply } from '../mappers/comment.mapper.js';
import type { EmailVerificationGate } from './email-verification-gate.js';
import type { MediaUrls } from './media-urls.js';
import { CommentPages, type CachedCommentPage } from '../caches/comment-pages.js';
import { decodeCursor, encodeCursor } from '../rules/list-cursor.js';

// Each list's cursors name the list, so one list's cursor is refused by another (list-cursor.ts).
const COMMENTS_ORDER = 'comments:created_at:desc';
import type { VideoService } from './video.service.js';

export type CommentPage = Omit<CommentList, 'statusCode' | 'success' | 'message'>;

export interface CommentLimits {
  /** Comments and replies per account. */
  account: RateLimitRule;
  /** Comments and replies per client address. */
  address: RateLimitRule;
}

/**
 * Comments and one level of replies. A comment is visible exactly when its video is, so a
 * private video's comments are a 404 for everyone but the video's owner.
 * Content arrives already trimmed and length-checked by the contract schema.
 */
export class CommentService {
  private readonly pages: CommentPages;

  constructor(
    private readonly deps: {
      comments: CommentRepository;
      likes: LikeRepository;
      videos: VideoService;
      blocks: ChannelBlockRepository;
      users: UserRepository;
      limiter: RateLimiter;
      limits: CommentLimits;
      snapshot: ReadSnapshot;
      urls: MediaUrls;
      /** Unconfirmed addresses may not comment when REQUIRE_EMAIL_VERIFICATION is on. */
      gate: EmailVerificationGate;
      /** Runs between reading the video and its page (tests land a write there). */
      betweenReads?: () => Promise<void> | void;
      now?: () => number;
    },
  ) {
    this.pages = new CommentPages(deps.comments);
  }

  private now(): number {
    return this.deps.now ? this.deps.now() : Date.now();
  }

  /** Newest top-level comments first (own-first ordering is the client's rule), replies oldest first. */
  async list(
    videoId: string,
    query: CommentListQuery,
    viewer: UserRow | undefined,
  ): Promise<CommentPage> {
    const after = query.cursor ? decodeCursor(query.cursor, COMMENTS_ORDER, 'number') : undefined;
    const skipped = after ? after.served : (query.page - 1) * query.limit;
    const offset = after ? 0 : skipped;
    // The video row says who may see it and which version of its comments a page must be: a
    // page kept at that version answers with that one statement.
    const seen = await this.deps.videos.findVisible(videoId, viewer);
    const keptNow = this.pages.kept(seen, query.limit, offset, after);
    // Otherwise the video's visibility and version, and the page, from one snapshot: a page
    // read after the video turned private, or after a newer comment, would otherwise be shown
    // to a visitor, or kept under a version older than what it holds.
    const { kept: page, video } = keptNow
      ? { kept: keptNow, video: seen }
      : await this.deps.snapshot(async () => {
          const video = await this.deps.videos.findVisible(videoId, viewer);
          await this.deps.betweenReads?.();
          const kept = await this.pages.get(video, query.limit, offset, after);
          return { kept, video };
        });
    // Counts come with the rows; only a signed-in viewer's own likes need asking for.
    const kinds = viewer
      ? await this.deps.likes.viewerKinds(
          'Comment',
          [...page.rows, ...page.replies].map((r) => r.id),
          viewer.id,
        )
      : new Map<string, LikeKind>();
    let data =
      kinds.size === 0
        ? // Kept (frozen) with the page, so its JSON is written once too (kept-list-serializer).
          (page.anonymous ??= keep(withReplies(page, new Map(), this.deps.urls)))
        : withReplies(page, kinds, this.deps.urls);
    // Held comments are never in a kept page: their author and the video's owner get them
    // fresh, on the first page, in one more query.
    if (viewer && !after && query.page === 1) data = await this.withHeld(video, viewer, data);
    return {
      data,
      totalComments: page.all,
      totalPages: Math.ceil(page.topLevel / query.limit),
      currentPage: query.page,
      nextCursor: page.next
        ? encodeCursor(COMMENTS_ORDER, { ...page.next, served: skipped + page.rows.length })
        : null,
    };
  }

  /** Counted per account and per address before the body is read (comments and replies). */
  async count(viewer: UserRow, clientIp: string): Promise<void> {
    await this.deps.limiter.consume('comment', viewer.id, this.deps.limits.account);
    await this.deps.limiter.consume('comment-address', clientIp, this.deps.limits.address);
  }

  /**
   * Whether the viewer may comment on this video, and whether their comment waits for the
   * owner: comments turned off refuse everyone, a user the owner blocked is refused, and with
   * comments held anyone but the owner waits for approval.
   */
  private async admission(video: VideoWithOwner, viewer: UserRow): Promise<{ held: boolean }> {
    if (video.comments_mode === 'off') throw forbidden(GOVERNANCE_MESSAGES.commentsOff);
    const own = video.owner_id === viewer.id;
    if (!own && (await this.deps.blocks.isBlocked(video.owner_id, viewer.id))) {
      throw forbidden(GOVERNANCE_MESSAGES.blockedFromChannel);
    }
    return { held: !own && video.comments_mode === 'held' };
  }

  async create(videoId: string, viewer: UserRow, content: string): Promise<Comment> {
    this.deps.gate.assertVerified(viewer);
    const video = await this.deps.videos.findVisible(videoId, viewer);
    const { held } = await this.admission(video, viewer);
    return this.insert(video.id, null, viewer, content, held);
  }

  /** A reply to a reply joins its top-level parent: nesting stays one level deep. */
  async reply(commentId: string, viewer: UserRow, content: string): Promise<Reply> {
    this.deps.gate.assertVerified(viewer);
    const target = await this.findVisible(commentId, viewer);
    if (Number(target.held) === 1) {
      throw conflict('This comment is waiting for approval: it cannot be replied to yet.');
    }
    const video = await this.deps.videos.findVisible(target.video_id, viewer);
    const { held } = await this.admission(video, viewer);
    const comment = await this.insert(
      target.video_id,
      target.parent_id ?? target.id,
      viewer,
      content,
      held,
    );
    return { ...comment, replies: [] };
  }

  /** The video's owner lets a held comment show. */
  async approve(commentId: string, viewer: UserRow): Promise<void> {
    const row = await this.findVisible(commentId, viewer);
    const video = await this.deps.videos.findVisible(row.video_id, viewer);
    if (video.owner_id !== viewer.id) {
      throw forbidden('Only the video’s owner can approve its comments.');
    }
    if (!(await this.deps.comments.approve(row.id, this.now()))) {
      // Deleted since it was read, or approved already.
      if (!(await this.deps.comments.findById(row.id))) throw notFound(MESSAGES.commentNotFound);
      throw conflict('This comment is not waiting for approval.');
    }
  }

  /** The held comments on the viewer's videos, newest first (the studio's list). */
  async heldForOwner(
    viewer: UserRow,
    page: number,
    limit: number,
  ): Promise<{ data: StudioComment[]; total: number }> {
    const { rows, total } = await this.deps.comments.heldForOwner(
      viewer.id,
      limit,
      (page - 1) * limit,
    );
    return {
      data: rows.map((r) => ({
        _id: r.id,
        content: r.content,
        createdAt: isoTime(Number(r.created_at)),
        owner: {
          _id: r.owner_id,
          username: r.owner_username,
          avatar: this.deps.urls.shared(r.owner_avatar_key),
        },
        video: { _id: r.video_id, title: r.video_title },
      })),
      total,
    };
  }

  /** Adds the held comments the viewer may see to the first page: on top, or under their thread. */
  private async withHeld(
    video: VideoWithOwner,
    viewer: UserRow,
    data: Comment[],
  ): Promise<Comment[]> {
    const held = await this.deps.comments.heldOn(video.id, viewer.id, video.owner_id === viewer.id);
    if (held.length === 0) return data;
    const kinds = await this.deps.likes.viewerKinds(
      'Comment',
      held.map((r) => r.id),
      viewer.id,
    );
    const top = held
      .filter((r) => r.parent_id === null)
      .map((r) => toComment(r, kinds.get(r.id), [], this.deps.urls));
    const replies = held.filter((r) => r.parent_id !== null);
    const out = data.map((c) => {
      const mine = replies.filter((r) => r.parent_id === c._id);
      return mine.length === 0
        ? c
        : {
            ...c,
            replies: [
              ...c.replies,
              ...mine.map((r) => toReply(r, kinds.get(r.id), this.deps.urls)),
            ],
          };
    });
    return [...top.reverse(), ...out];
  }

  async edit(commentId: string, viewer: UserRow, content: string): Promise<Comment> {
    const row = await this.findOwned(commentId, viewer);
    await this.deps.comments.updateContent(row.id, content, this.now());
    return this.present(row.id, viewer);
  }

  /**
   * Removes the comment, its replies and their likes together. Its author may remove it even
   * after the video went private (their own words stay theirs to withdraw); to anyone else a
   * comment on a video they cannot see still does not exist.
   */
  async remove(commentId: string, viewer: UserRow, reason?: string): Promise<void> {
    if (!ID_PATTERN.test(commentId)) throw notFound(MESSAGES.commentNotFound);
    const found = await this.deps.comments.findById(commentId);
    if (found?.owner_id === viewer.id) return this.deps.comments.deleteWithReplies(found.id);
    // The video's owner moderates what is said under their videos.
    const row = await this.findVisible(commentId, viewer);
    const video = await this.deps.videos.findVisible(row.video_id, viewer);
    if (video.owner_id === viewer.id) return this.deps.comments.deleteWithReplies(row.id);
    if (isStaff(viewer.role)) return this.removeAsStaff(row.id, viewer, reason);
    throw forbidden('Only the author, the video’s owner or staff can delete this comment.');
  }

  /**
   * Staff remove any comment, wherever it is and whether or not it is shown, unless it is a
   * fellow staff member's and they are a moderator; logged in the audit log.
   */
  async removeAsStaff(commentId: string, viewer: UserRow, reason?: string): Promise<void> {
    const row = ID_PATTERN.test(commentId)
      ? await this.deps.comments.findById(commentId)
      : undefined;
    if (!row) throw notFound(MESSAGES.commentNotFound);
    const actor = staffActor(viewer);
    const author = await this.deps.users.findById(row.owner_id);
    const refusal = author ? refusalToActOnAccount(actor, author.role) : undefined;
    if (refusal) throw forbidden(refusal);
    await this.deps.comments.deleteWithReplies(
      row.id,
      auditEntry(
        actor,
        'comment.delete',
        { type: 'comment', id: row.id },
        reason || null,
        this.now(),
      ),
    );
  }

  /** The comment, if its video is visible to the viewer (the like service uses this too). */
  async findVisible(commentId: string, viewer: UserRow | undefined): Promise<CommentRow> {
    if (!ID_PATTERN.test(commentId)) throw notFound(MESSAGES.commentNotFound);
    const row = await this.deps.comments.findById(commentId);
    if (!row) throw notFound(MESSAGES.commentNotFound);
    try {
      const video = await this.deps.videos.findVisible(row.video_id, viewer);
      // A hidden comment exists only for those it is shown to: a held one for its author and
      // the video's owner; one of a suspended author (or under one) for nobody.
      if (Number(row.hidden) === 1) {
        const sees =
          Number(row.held) === 1 &&
          Number(row.author_suspended) === 0 &&
          viewer !== undefined &&
          (viewer.id === row.owner_id || viewer.id === video.owner_id);
        if (!sees) throw notFound(MESSAGES.commentNotFound);
      }
    } catch (err) {
      // The comment of a video the viewer cannot see does not exist for them either.
      if (err instanceof AppError && err.statusCode === 404) {
        throw notFound(MESSAGES.commentNotFound);
      }
      throw err;
    }
    return row;
  }

  private async findOwned(commentId: string, viewer: UserRow): Promise<CommentRow> {
    const row = await this.findVisible(commentId, viewer);
    if (row.owner_id !== viewer.id) throw forbidden('Only the author can change this comment.');
    return row;
  }

  private async insert(
    videoId: string,
    parentId: string | null,
    viewer: UserRow,
    content: string,
    held: boolean,
  ): Promise<Comment> {
    const now = this.now();
    const id = newId(now);
    try {
      await this.deps.comments.insertNew({
        id,
        video_id: videoId,
        owner_id: viewer.id,
        parent_id: parentId,
        content,
        created_at: now,
        updated_at: now,
        held: held ? 1 : 0,
      });
    } catch (err) {
      // The video or the parent comment was deleted between the check and the insert.
      if (isForeignKeyViolation(err)) {
        throw notFound(parentId ? MESSAGES.commentNotFound : MESSAGES.videoNotFoundApi);
      }
      throw err;
    }
    return this.present(id, viewer);
  }

  private async present(id: string, viewer: UserRow): Promise<Comment> {
    const row: CommentWithOwner | undefined = await this.deps.comments.findWithOwner(id);
    if (!row) throw notFound(MESSAGES.commentNotFound);
    const kinds = await this.deps.likes.viewerKinds('Comment', [id], viewer.id);
    // An edited top-level comment is answered without its replies; clients reload the list.
    return toComment(row, kinds.get(id), [], this.deps.urls);
  }
}

/** The page's comments, each with its replies, flagged with the viewer's own likes. */
function withReplies(
  page: Pick<CachedCommentPage, 'rows' | 'replies'>,
  kinds: Map<string, LikeKind>,
  urls: MediaUrls,
): Comment[] {
  const byParent = new Map<string, Reply[]>();
  for (const r of page.replies) {
    const list = byParent.get(r.parent_id ?? '') ?? [];
    list.push(toReply(r, kinds.get(r.id), urls));
    byParent.set(r.parent_id ?? '', list);
  }
  return page.rows.map((r) => toComment(r, kinds.get(r.id), byParent.get(r.id) ?? [], urls));
}
