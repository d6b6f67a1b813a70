import type { Comment } from '@contract';
import { BoundedCache } from '../lib/bounded-cache.js';
import type { CommentRepository } from '../repositories/comment.repository.js';

export type CommentPageRows = Awaited<ReturnType<CommentRepository['page']>>;

/** A page as read at one version of its video's comments. */
export interface CachedCommentPage extends CommentPageRows {
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

  async get(
    video: { id: string; comments_version: number },
    limit: number,
    offset: number,
  ): Promise<CachedCommentPage> {
    const key = `${video.id}:${limit}:${offset}`;
    const version = Number(video.comments_version);
    const hit = this.entries.get(key);
    if (hit && hit.version === version) return hit.page;
    const page: CachedCommentPage = await this.comments.page(video.id, limit, offset);
    // Weighed in rows, its counts as one more.
    this.entries.set(key, { version, page }, page.rows.length + page.replies.length + 1);
    return page;
  }
}
