import { API_PATHS } from '@contract';
import type { Reply } from '@contract';
import { apiData } from '../../../lib/api-client';
import { useCommentMutation } from './use-comment-mutation';

/** Replying to a reply is allowed: the server files it under the top-level comment. */
export function replyToComment(commentId: string, content: string): Promise<Reply> {
  return apiData<Reply>(API_PATHS.replyComment(commentId), {
    method: 'POST',
    json: { content },
  });
}

export function useReplyComment(videoId: string) {
  return useCommentMutation(
    videoId,
    'Posting the reply',
    ({ commentId, content }: { commentId: string; content: string }) =>
      replyToComment(commentId, content),
  );
}
