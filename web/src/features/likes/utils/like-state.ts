import type { LikeKind, LikeToggle } from '@contract';

/** The viewer's reaction to a video or comment and the likes it has. */
export type LikeState = {
  isLikedByUser: boolean;
  isDislikedByUser: boolean;
  likesCount: number;
};

/**
 * What a toggle should look like before the server answers: pressing the active reaction
 * clears it, pressing the other one replaces it (like and dislike exclude each other).
 * Only likes are counted, so the count moves when the like flag does.
 */
export function applyLikeToggle(state: LikeState, kind: LikeKind): LikeState {
  const wasLiked = state.isLikedByUser;
  const isLikedByUser = kind === 'like' ? !wasLiked : false;
  const isDislikedByUser = kind === 'dislike' ? !state.isDislikedByUser : false;
  const delta = Number(isLikedByUser) - Number(wasLiked);
  return { isLikedByUser, isDislikedByUser, likesCount: Math.max(0, state.likesCount + delta) };
}

/** The server's answer, in the shape the screens keep. */
export function likeStateFromServer(result: LikeToggle): LikeState {
  return {
    isLikedByUser: result.isLikedByUser,
    isDislikedByUser: result.isDislikedByUser,
    likesCount: result.totalLikes,
  };
}
