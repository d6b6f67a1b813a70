import { MESSAGES } from '@contract';
import type { VideoDetail } from '@contract';
import { ThumbsDown, ThumbsUp } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { useAuth } from '../../auth/hooks/auth-context';

const half =
  'inline-flex h-9 items-center gap-2 px-4 text-sm font-medium text-ink-strong transition-colors hover:bg-active disabled:cursor-not-allowed disabled:opacity-60 disabled:hover:bg-transparent';

/**
 * Like and dislike, filled when the viewer's choice is on. Visitors are asked to sign in;
 * for signed-in viewers the toggles arrive with the likes feature, so they show state only.
 */
export function LikePill({ video }: { video: VideoDetail }) {
  const { isAuthenticated } = useAuth();
  const unavailable = isAuthenticated ? 'Likes are not available yet' : undefined;

  return (
    <div className="inline-flex items-center overflow-hidden rounded-full bg-hover">
      <button
        type="button"
        aria-label="Like"
        aria-pressed={video.isLikedByUser}
        disabled={isAuthenticated}
        title={unavailable}
        onClick={() => window.alert(MESSAGES.signInToLike)}
        className={cn(half, 'border-r border-line')}
      >
        <ThumbsUp className={cn('size-5', video.isLikedByUser && 'fill-current')} aria-hidden />
        <span>{video.likesCount.toLocaleString('en-US')}</span>
      </button>
      <button
        type="button"
        aria-label="Dislike"
        aria-pressed={video.isDislikedByUser}
        disabled={isAuthenticated}
        title={unavailable}
        onClick={() => window.alert(MESSAGES.signInToDislike)}
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
