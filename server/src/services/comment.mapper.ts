import { isoTime } from '../lib/iso-time.js';
import type { Comment, Reply } from '@contract';
import type { CommentWithOwner } from '../repositories/comment.repository.js';
import type { LikeKind } from '../repositories/like.repository.js';
import type { MediaUrls } from './media-urls.js';

/** `viewerKind` is the viewer's own like or dislike of this comment, if any. */
export function toReply(
  row: CommentWithOwner,
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
  row: CommentWithOwner,
  viewerKind: LikeKind | undefined,
  replies: Reply[],
  urls: MediaUrls,
): Comment {
  return { ...toReply(row, viewerKind, urls), replies };
}
