import { API_PATHS } from '@contract';
import { apiData } from '../../../lib/api-client';
import { useCommentMutation } from './use-comment-mutation';

/** Deleting a comment also removes its replies; only its author may. */
export function deleteComment(commentId: string): Promise<{ _id: string }> {
  return apiData<{ _id: string }>(API_PATHS.deleteComment(commentId), { method: 'DELETE' });
}

export function useDeleteComment(videoId: string) {
  return useCommentMutation(videoId, 'Deleting the comment', deleteComment);
}
