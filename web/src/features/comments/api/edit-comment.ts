import { API_PATHS } from '@contract';
import type { Comment } from '@contract';
import { apiData } from '../../../lib/api-client';
import { useCommentMutation } from './use-comment-mutation';

/** Comments and replies are edited the same way; only their author may. */
export function editComment(commentId: string, content: string): Promise<Comment> {
  return apiData<Comment>(API_PATHS.editComment(commentId), {
    method: 'PATCH',
    json: { content },
  });
}

export function useEditComment(videoId: string) {
  return useCommentMutation(
    videoId,
    'Editing the comment',
    ({ commentId, content }: { commentId: string; content: string }) =>
      editComment(commentId, content),
  );
}
