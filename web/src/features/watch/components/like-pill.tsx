import type { LikeKind, VideoDetail } from '@contract';
import { ThumbsDown, ThumbsUp } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { useToggleVideoLike } from '../../likes';
import { useSignInGate } from '../hooks/use-sign-in-gate';
import { UI_MESSAGES } from '../../../lib/ui-constants';

const half =
  'inline-flex h-9 items-center gap-2 px-4 text-sm font-medium text-ink-strong transition-colors hover:bg-active';

/** Like and dislike, filled when the viewer's choice is on. Visitors are asked to sign in. */
export function LikePill({ video }: { video: VideoDetail }) {
  const mayAct = useSignInGate();
  const toggle = useToggleVideoLike(video._id);

  const onToggle = (kind: LikeKind) => {
    if (!mayAct(kind === 'like' ? UI_MESSAGES.signInToLike : UI_MESSAGES.signInToDislike)) return;
    // One toggle at a time: a second click would read flags the first has not settled yet.
    if (toggle.isPending) return;
    toggle.mutate(kind);
  };

  const likes = video.likesCount.toLocaleString('en-US');
  return (
    <div className="inline-flex items-center overflow-hidden rounded-full bg-hover">
      <button
        type="button"
        // The name holds the count it shows ("Like 3"): a name without the visible text fails
        // people who speak to their browser, and axe's label-content-name-mismatch.
        aria-label={`Like ${likes}`}
        aria-pressed={video.isLikedByUser}
        aria-busy={toggle.isPending || undefined}
        onClick={() => onToggle('like')}
        className={cn(half, 'border-r border-line')}
      >
        <ThumbsUp className={cn('size-5', video.isLikedByUser && 'fill-current')} aria-hidden />
        <span>{likes}</span>
      </button>
      <button
        type="button"
        aria-label="Dislike"
        aria-pressed={video.isDislikedByUser}
        aria-busy={toggle.isPending || undefined}
        onClick={() => onToggle('dislike')}
        className={half}
      >
        <ThumbsDown
          className={cn('size-5', video.isDislikedByUser && 'fill-current')}
          aria-hidden
        />
      </button>
    </div>
  );
}
