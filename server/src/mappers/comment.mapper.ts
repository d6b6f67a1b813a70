import { isoTime } from '../lib/iso-time.js';
import type { Comment, Reply } from '@contract';
import type { CommentWithOwner } from '../repositories/comment.repository.js';
import type { LikeKind } from '../repositories/like.repository.js';
import type { MediaUrls } from '../services/media-urls.js';
import { COMMENTS_VERSION, coveredRowOf, type CoveredRow } from '../caches/version-coverage.js';

/**
 * What a comment is shown from: the columns `comments_version` keeps right, and no other
 * (version-coverage.ts). Pages of comments are kept by that version, so a column outside it
 * would be shown as it was when the page was read; here it is not there to read.
 */
export type CommentPageRow = CoveredRow<CommentWithOwner, typeof COMMENTS_VERSION, 'comments'>;

/** A copy of a comment row holding only what a page shows: what CommentPages keeps. */
export const commentPageRowOf = coveredRowOf(COMMENTS_VERSION, 'comments');

/** `viewerKind` is the viewer's own like or dislike of this comment, if any. */
export function toReply(
  row: CommentPageRow,
  viewerKind: LikeKind | undefined,
  urls: MediaUrls,
): Reply {
  return {
    _id: row.id,
    content: row.content,
    createdAt: isoTime(Number(row.created_at)),
    owner: {
      _id: row.owner_id,
      username: row.owner_username,
      avatar: urls.shared(row.owner_avatar_key),
    },
    likesCount: Number(row.likes_count),
    isLikedByUser: viewerKind === 'like',
    isDislikedByUser: viewerKind === 'dislike',
    held: Number(row.held) === 1,
    replies: [],
  };
}

export function toComment(
  row: CommentPageRow,
  viewerKind: LikeKind | undefined,
  replies: Reply[],
  urls: MediaUrls,
): Comment {
  return { ...toReply(row, viewerKind, urls), replies };
}
