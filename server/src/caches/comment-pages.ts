import type { Comment } from '@contract';
import { BoundedCache } from '../lib/bounded-cache.js';
import type { CommentRepository } from '../repositories/comment.repository.js';
import type { After } from '../repositories/keyset.js';
import { commentPageRowOf, type CommentPageRow } from '../mappers/comment.mapper.js';

export type CommentPageRows = Awaited<ReturnType<CommentRepository['page']>>;

/**
 * A page as read at one version of its video's comments, each row holding only the columns that
 * version keeps right (CommentPageRow): what no change of the version follows is not kept.
 */
export interface CachedCommentPage extends Omit<CommentPageRows, 'rows' | 'replies'> {
  rows: CommentPageRow[];
  replies: CommentPageRow[];
  /** The page's last comment when more follow it: where the next page starts. */
  next: After | null;
  /** The page as a visitor sees it (no likes of their own), built once on first use. */
  anonymous?: Comment[];
}

interface Entry {
  version: number;
  page: CachedCommentPage;
}

/**
 * Pages of comments, reused while their video's `comments_version` (migration 012) is the one
 * the request read with the video row: every change a page shows moves it, in the same
 * transaction as the change, so a reused page is never older than that version. The caller
 * reads the video row and the page in one read snapshot, so a page is kept under exactly the
 * version it was read at. Bounded by the rows held; pages not read lately go first.
 */
export class CommentPages {
  private readonly entries: BoundedCache<Entry>;

  constructor(
    private readonly comments: Pick<CommentRepository, 'page'>,
    maxRows = 10_000,
  ) {
    this.entries = new BoundedCache(maxRows);
  }

  /**
   * The page, if one is kept at exactly the version `video` was read with: then it is what a
   * read at that moment would give, and needs no read of its own.
   */
  kept(
    video: { id: string; comments_version: number },
    limit: number,
    offset: number,
    after?: After,
  ): CachedCommentPage | undefined {
    const hit = this.entries.get(keyOf(video.id, limit, offset, after));
    return hit && hit.version === Number(video.comments_version) ? hit.page : undefined;
  }

  /** The page at `offset`, or after the comment `after` names (keyset paging). */
  async get(
    video: { id: string; comments_version: number },
    limit: number,
    offset: number,
    after?: After,
  ): Promise<CachedCommentPage> {
    const kept = this.kept(video, limit, offset, after);
    if (kept) return kept;
    const key = keyOf(video.id, limit, offset, after);
    const version = Number(video.comments_version);
    // One more than shown: it says whether a next page exists.
    const read = await this.comments.page(video.id, limit + 1, offset, after);
    const rows = read.rows.slice(0, limit).map((r) => commentPageRowOf(r));
    const last = rows[rows.length - 1];
    const shown = new Set(rows.map((r) => r.id));
    const page: CachedCommentPage = {
      ...read,
      rows,
      replies: read.replies
        .filter((r) => r.parent_id !== null && shown.has(r.parent_id))
        .map((r) => commentPageRowOf(r)),
      next: read.rows.length > limit && last ? { key: Number(last.created_at), id: last.id } : null,
    };
    // Weighed in rows, its counts as one more.
    this.entries.set(key, { version, page }, page.rows.length + page.replies.length + 1);
    return page;
  }
}

function keyOf(videoId: string, limit: number, offset: number, after?: After): string {
  return after
    ? `${videoId}:${limit}:after:${after.key}:${after.id}`
    : `${videoId}:${limit}:${offset}`;
}
