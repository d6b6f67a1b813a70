import { ROUTES } from '@contract';
import type { StudioComment } from '@contract';
import { Avatar } from '../../../components/ui/avatar';
import { formatRelativeTime } from '../../../lib/format';
import { StudioCard } from './studio-card';

/** The newest comments and replies left on the channel's videos. */
export function LatestCommentsCard({ comments }: { comments: readonly StudioComment[] }) {
  return (
    <StudioCard title="Latest comments">
      {comments.length === 0 ? (
        <p className="text-sm text-ink-muted">No comments on your videos yet.</p>
      ) : (
        <ul className="flex flex-col gap-4">
          {comments.map((comment) => (
            <li key={comment._id} className="flex gap-3">
              <Avatar
                src={comment.owner.avatar}
                name={comment.owner.username}
                size="sm"
                decorative
              />
              <div className="min-w-0 text-sm">
                <p className="text-xs text-ink-muted">
                  <span className="font-medium text-ink">@{comment.owner.username}</span> ·{' '}
                  {formatRelativeTime(comment.createdAt)}
                </p>
                <p className="mt-0.5 line-clamp-3 break-words text-ink-strong">{comment.content}</p>
                <a
                  href={ROUTES.watch(comment.video._id)}
                  target="_blank"
                  rel="noopener"
                  className="mt-0.5 block truncate text-xs text-accent hover:underline"
                >
                  on {comment.video.title}
                </a>
              </div>
            </li>
          ))}
        </ul>
      )}
    </StudioCard>
  );
}
