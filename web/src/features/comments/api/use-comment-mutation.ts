import { useMutation, useQueryClient } from '@tanstack/react-query';
import { commentKeys } from './query-keys';

/**
 * Shared shape of every comment change: on success the video's comments are loaded again;
 * a failure is only logged, as the product specifies for comment calls.
 */
export function useCommentMutation<TInput, TResult>(
  videoId: string,
  action: string,
  mutationFn: (input: TInput) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commentKeys.list(videoId) }),
    onError: (error) => console.error(`${action} failed`, error),
  });
}
