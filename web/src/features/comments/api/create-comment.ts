import { API_PATHS } from '@contract';
import type { Comment } from '@contract';
import { apiData } from '../../../lib/api-client';
import { useCommentMutation } from './use-comment-mutation';

export function createComment(videoId: string, content: string): Promise<Comment> {
  return apiData<Comment>(API_PATHS.createComment(videoId), {
    method: 'POST',
    json: { content },
  });
}

export function useCreateComment(videoId: string) {
  return useCommentMutation(videoId, 'Posting the comment', (content: string) =>
    createComment(videoId, content),
  );
}
