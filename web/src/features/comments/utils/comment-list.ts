import type { Comment, Reply } from '@contract';

/**
 * Top-level comments across loaded pages. A comment posted between two page loads pushes
 * the rest down by one, so the same comment can arrive twice; the first copy wins.
 */
export function flattenPages(pages: readonly { data: Comment[] }[]): Comment[] {
  const seen = new Set<string>();
  const out: Comment[] = [];
  for (const page of pages) {
    for (const comment of page.data) {
      if (seen.has(comment._id)) continue;
      seen.add(comment._id);
      out.push(comment);
    }
  }
  return out;
}

function time(comment: Comment): number {
  const value = new Date(comment.createdAt).getTime();
  return Number.isNaN(value) ? 0 : value;
}

/** The viewer's own comments first, then everyone's newest first (replies keep their order). */
export function sortOwnFirst(
  comments: readonly Comment[],
  viewerId: string | undefined,
): Comment[] {
  const own = (comment: Comment) =>
    viewerId !== undefined && comment.owner._id === viewerId ? 0 : 1;
  return [...comments].sort((a, b) => own(a) - own(b) || time(b) - time(a));
}

type Fields = Partial<Omit<Comment, 'replies' | '_id'>>;

/**
 * Applies `change` to the comment or reply with `id`, leaving every other object as it was
 * so React and the query cache only see the one that changed.
 */
export function updateComment(
  comments: Comment[],
  id: string,
  change: (current: Comment | Reply) => Fields,
): Comment[] {
  let touched = false;
  const next = comments.map((comment) => {
    if (comment._id === id) {
      touched = true;
      return { ...comment, ...change(comment) };
    }
    if (!comment.replies.some((reply) => reply._id === id)) return comment;
    touched = true;
    return {
      ...comment,
      replies: comment.replies.map((reply) =>
        reply._id === id ? { ...reply, ...change(reply), replies: reply.replies } : reply,
      ),
    };
  });
  return touched ? next : comments;
}

/** Finds a comment or reply by id. */
export function findComment(comments: readonly Comment[], id: string): Comment | Reply | undefined {
  for (const comment of comments) {
    if (comment._id === id) return comment;
    const reply = comment.replies.find((item) => item._id === id);
    if (reply) return reply;
  }
  return undefined;
}
