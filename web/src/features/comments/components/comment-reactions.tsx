import type { LikeKind } from '@contract';
import { ThumbsDown, ThumbsUp } from 'lucide-react';
import { cn } from '../../../lib/cn';
import type { LikeState } from '../../likes';
import { useToggleCommentLike } from '../api/toggle-comment-like';

const reaction =
  'inline-flex size-8 items-center justify-center rounded-full text-ink-strong transition-colors hover:bg-hover';

type CommentReactionsProps = { videoId: string; commentId: string; state: LikeState };

/** Like and dislike of one comment, filled when on, with its likes count. */
export function CommentReactions({ videoId, commentId, state }: CommentReactionsProps) {
  const toggle = useToggleCommentLike(videoId);

  const onToggle = (kind: LikeKind) => {
    // The optimistic change of a second click would be undone by the first one's failure.
    if (toggle.isPending) return;
    toggle.mutate({ commentId, kind });
  };

  return (
    <div className="flex items-center gap-1">
      <button
        type="button"
        aria-label="Like comment"
        aria-pressed={state.isLikedByUser}
        onClick={() => onToggle('like')}
        className={reaction}
      >
        <ThumbsUp className={cn('size-4', state.isLikedByUser && 'fill-current')} aria-hidden />
      </button>
      <span className="min-w-4 text-xs text-ink-muted">
        {state.likesCount.toLocaleString('en-US')}
      </span>
      <button
        type="button"
        aria-label="Dislike comment"
        aria-pressed={state.isDislikedByUser}
        onClick={() => onToggle('dislike')}
        className={reaction}
      >
        <ThumbsDown
          className={cn('size-4', state.isDislikedByUser && 'fill-current')}
          aria-hidden
        />
      </button>
    </div>
  );
}
