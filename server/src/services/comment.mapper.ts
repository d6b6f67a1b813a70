import type { Comment, Reply } from '@contract';
import type { CommentWithOwner } from '../repositories/comment.repository.js';
import type { LikeStats } from '../repositories/like.repository.js';
import { mediaUrl } from './user.mapper.js';

export function toReply(row: CommentWithOwner, stats: LikeStats | undefined): Reply {
  return {
    _id: row.id,
    content: row.content,
    createdAt: new Date(Number(row.created_at)).toISOString(),
    owner: {
      _id: row.owner_id,
      username: row.owner_username,
      avatar: mediaUrl(row.owner_avatar_key),
    },
    likesCount: stats?.likes_count ?? 0,
    isLikedByUser: stats?.viewer_kind === 'like',
    isDislikedByUser: stats?.viewer_kind === 'dislike',
    replies: [],
  };
}

export function toComment(
  row: CommentWithOwner,
  stats: LikeStats | undefined,
  replies: Reply[],
): Comment {
  return { ...toReply(row, stats), replies };
}
