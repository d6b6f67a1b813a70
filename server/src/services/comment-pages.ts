import type { Comment } from '@contract';
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
  rows: number;
}

/**
 * Pages of comments, reused while their video's `comments_version` (migration 012) is the one
 * the request read with the video row: every change a page shows moves it, in the same
 * transaction as the change, so a reused page is never older than that version. A page is
 * kept under the version read before it, so a change committing in between can only make the
 * kept page newer than its version, never older. Bounded by the rows held; the least recently
 * read pages go first.
 */
export class CommentPages {
  private readonly entries = new Map<string, Entry>();
  private rowsHeld = 0;

  constructor(
    private readonly comments: Pick<CommentRepository, 'page'>,
    private readonly maxRows = 10_000,
  ) {}

  async get(
    video: { id: string; comments_version: number },
    limit: number,
    offset: number,
  ): Promise<CachedCommentPage> {
    const key = `${video.id}:${limit}:${offset}`;
    const version = Number(video.comments_version);
    const hit = this.entries.get(key);
    if (hit && hit.version === version) {
      // Map order is insertion order: re-inserting marks it as the most recently read.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.page;
    }
    const page: CachedCommentPage = await this.comments.page(video.id, limit, offset);
    this.store(key, { version, page, rows: page.rows.length + page.replies.length + 1 });
    return page;
  }

  private store(key: string, entry: Entry): void {
    const previous = this.entries.get(key);
    if (previous) {
      this.entries.delete(key);
      this.rowsHeld -= previous.rows;
    }
    if (entry.rows > this.maxRows) return;
    this.entries.set(key, entry);
    this.rowsHeld += entry.rows;
    for (const [oldest, old] of this.entries) {
      if (this.rowsHeld <= this.maxRows) break;
      this.entries.delete(oldest);
      this.rowsHeld -= old.rows;
    }
  }
}
