import type { CommentList, LikeKind, LikeToggle } from '@contract';
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { toggleLike } from '../../likes';
import { applyLikeToggle, likeStateFromServer, type LikeState } from '../../likes';
import { updateComment } from '../utils/comment-list';
import type { ListPageParam } from '../../../lib/list-pages';
import { commentKeys } from './query-keys';

type Pages = InfiniteData<CommentList, ListPageParam>;
type Input = { commentId: string; kind: LikeKind };
type Context = { previous: Pages | undefined };

function patchPages(pages: Pages, commentId: string, change: (state: LikeState) => LikeState) {
  return {
    ...pages,
    pages: pages.pages.map((page) => ({
      ...page,
      data: updateComment(page.data, commentId, change),
    })),
  };
}

/**
 * Comment like and dislike show at once and go back if the server refuses; the server's
 * answer then settles the count.
 */
export function useToggleCommentLike(videoId: string) {
  const queryClient = useQueryClient();
  const key = commentKeys.list(videoId);

  return useMutation<LikeToggle, Error, Input, Context>({
    mutationFn: ({ commentId, kind }) =>
      toggleLike({ objectId: commentId, kind, contentType: 'Comment' }),
    onMutate: async ({ commentId, kind }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Pages>(key);
      if (previous) {
        queryClient.setQueryData<Pages>(
          key,
          patchPages(previous, commentId, (state) => applyLikeToggle(state, kind)),
        );
      }
      return { previous };
    },
    onError: (error, _input, context) => {
      console.error('Toggling the comment like failed', error);
      if (context?.previous) queryClient.setQueryData<Pages>(key, context.previous);
    },
    onSuccess: (result, { commentId }) => {
      queryClient.setQueryData<Pages>(key, (current) =>
        current ? patchPages(current, commentId, () => likeStateFromServer(result)) : current,
      );
    },
  });
}
