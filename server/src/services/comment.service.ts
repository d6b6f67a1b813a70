import type { Comment, CommentList, CommentListQuery, Reply } from '@contract';
import { MESSAGES } from '@contract';
import { isForeignKeyViolation } from '../db/database.js';
import { AppError, forbidden, notFound } from '../lib/errors.js';
import { ID_PATTERN, newId } from '../lib/ids.js';
import type {
  CommentRepository,
  CommentRow,
  CommentWithOwner,
} from '../repositories/comment.repository.js';
import type { LikeKind, LikeRepository } from '../repositories/like.repository.js';
import type { UserRow } from '../repositories/user.repository.js';
import type { ReadSnapshot } from '../db/read-snapshot.js';
import { toComment, toReply } from './comment.mapper.js';
import type { EmailVerificationGate } from './email-verification-gate.js';
import type { MediaUrls } from './media-urls.js';
import { CommentPages, type CommentPageRows } from './comment-pages.js';
import { decodeCursor, encodeCursor } from './list-cursor.js';

const COMMENTS_ORDER = 'created_at:desc';
import type { VideoService } from './video.service.js';

export type CommentPage = Omit<CommentList, 'statusCode' | 'success' | 'message'>;

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
    // The video's visibility and version, and the page kept under that version, from one
    // snapshot: a page read after the video turned private, or after a newer comment, would
    // otherwise be shown to a visitor, or kept under a version older than what it holds.
    const after = query.cursor ? decodeCursor(query.cursor, COMMENTS_ORDER, 'number') : undefined;
    const skipped = after ? after.served : (query.page - 1) * query.limit;
    const page = await this.deps.snapshot(async () => {
      const video = await this.deps.videos.findVisible(videoId, viewer);
      await this.deps.betweenReads?.();
      return this.pages.get(video, query.limit, after ? 0 : skipped, after);
    });
    // Counts come with the rows; only a signed-in viewer's own likes need asking for.
    const kinds = viewer
      ? await this.deps.likes.viewerKinds(
          'Comment',
          [...page.rows, ...page.replies].map((r) => r.id),
          viewer.id,
        )
      : new Map<string, LikeKind>();
    const data =
      kinds.size === 0
        ? (page.anonymous ??= withReplies(page, new Map(), this.deps.urls))
        : withReplies(page, kinds, this.deps.urls);
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

  async create(videoId: string, viewer: UserRow, content: string): Promise<Comment> {
    this.deps.gate.assertVerified(viewer);
    const video = await this.deps.videos.findVisible(videoId, viewer);
    return this.insert(video.id, null, viewer, content);
  }

  /** A reply to a reply joins its top-level parent: nesting stays one level deep. */
  async reply(commentId: string, viewer: UserRow, content: string): Promise<Reply> {
    this.deps.gate.assertVerified(viewer);
    const target = await this.findVisible(commentId, viewer);
    const comment = await this.insert(
      target.video_id,
      target.parent_id ?? target.id,
      viewer,
      content,
    );
    return { ...comment, replies: [] };
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
  async remove(commentId: string, viewer: UserRow): Promise<void> {
    if (!ID_PATTERN.test(commentId)) throw notFound(MESSAGES.commentNotFound);
    const own = await this.deps.comments.findById(commentId);
    const row = own?.owner_id === viewer.id ? own : await this.findOwned(commentId, viewer);
    await this.deps.comments.deleteWithReplies(row.id);
  }

  /** The comment, if its video is visible to the viewer (the like service uses this too). */
  async findVisible(commentId: string, viewer: UserRow | undefined): Promise<CommentRow> {
    if (!ID_PATTERN.test(commentId)) throw notFound(MESSAGES.commentNotFound);
    const row = await this.deps.comments.findById(commentId);
    if (!row) throw notFound(MESSAGES.commentNotFound);
    try {
      await this.deps.videos.findVisible(row.video_id, viewer);
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
  ): Promise<Comment> {
    const now = this.now();
    const id = newId(now);
    try {
      await this.deps.comments.insert({
        id,
        video_id: videoId,
        owner_id: viewer.id,
        parent_id: parentId,
        content,
        created_at: now,
        updated_at: now,
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
  page: CommentPageRows,
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
