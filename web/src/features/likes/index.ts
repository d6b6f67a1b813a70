/** What other features may use of this one; everything else is internal. */
export { toggleLike } from './api/toggle-like';
export { useToggleVideoLike } from './api/toggle-video-like';
export { applyLikeToggle, likeStateFromServer } from './utils/like-state';
export type { LikeState } from './utils/like-state';
