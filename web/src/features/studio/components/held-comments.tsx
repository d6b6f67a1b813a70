import { ROUTES } from '@contract';
import type { StudioComment } from '@contract';
import { Ban, Check, MessageSquareDashed, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { buttonStyles } from '../../../components/ui/button-styles';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormError } from '../../../components/ui/form-error';
import { RetryButton } from '../../../components/ui/retry-button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatRelativeTime } from '../../../lib/format';
import { useSetBlocked } from '../../moderation';
import { useDecideHeldComment, useHeldComments } from '../api/held-comments';
import { Pagination } from './pagination';

function HeldComment({ comment }: { comment: StudioComment }) {
  const decide = useDecideHeldComment();
  const block = useSetBlocked();
  const busy = decide.isPending || block.isPending;
  const failure = decide.error ?? block.error;
  return (
    <li
      aria-label={`Held comment by @${comment.owner.username}`}
      className="flex gap-3 border-b border-line py-4"
    >
      <Avatar src={comment.owner.avatar} name={comment.owner.username} size="sm" decorative />
      <div className="min-w-0 flex-1">
        <p className="text-xs text-ink-muted">
          <span className="font-medium text-ink-strong">@{comment.owner.username}</span> on{' '}
          <Link to={ROUTES.watch(comment.video._id)} className="text-accent underline">
            {comment.video.title}
          </Link>{' '}
          · <time dateTime={comment.createdAt}>{formatRelativeTime(comment.createdAt)}</time>
        </p>
        <p className="mt-1 text-sm break-words whitespace-pre-wrap text-ink-strong">
          {comment.content}
        </p>
        <div className="mt-2 flex flex-wrap gap-2">
          <button
            type="button"
            disabled={busy}
            onClick={() => decide.mutate({ id: comment._id, approve: true })}
            className={buttonStyles.light}
          >
            <Check className="size-4" aria-hidden />
            Approve
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={() => decide.mutate({ id: comment._id, approve: false })}
            className={buttonStyles.secondary}
          >
            <Trash2 className="size-4" aria-hidden />
            Delete
          </button>
          <button
            type="button"
            disabled={busy || block.isSuccess}
            onClick={() => block.mutate({ userId: comment.owner._id, blocked: true })}
            className={buttonStyles.ghost}
          >
            <Ban className="size-4" aria-hidden />
            {block.isSuccess ? 'Author blocked' : 'Block author'}
          </button>
        </div>
        {failure ? (
          <div className="mt-2">
            <FormError message={errorMessage(failure, 'That did not work. Please try again.')} />
          </div>
        ) : null}
      </div>
    </li>
  );
}

/** The comments on your videos that wait for your approval (videos whose comments are held). */
export function HeldComments() {
  const [page, setPage] = useState(1);
  const query = useHeldComments(page);

  if (query.isPending) return <Spinner className="w-full py-10" label="Loading held comments" />;
  if (query.isLoadingError) {
    return (
      <div className="flex flex-col items-start gap-3">
        <FormError message={errorMessage(query.error, 'Held comments could not be loaded.')} />
        <RetryButton onRetry={() => void query.refetch()} />
      </div>
    );
  }
  if (query.data.total === 0) {
    return (
      <EmptyState icon={MessageSquareDashed} title="No comments are waiting for you">
        On a video whose comments you hold for approval (its details page, Comments), new comments
        wait here until you approve or delete them.
      </EmptyState>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <ul aria-label="Held comments">
        {query.data.data.map((comment) => (
          <HeldComment key={comment._id} comment={comment} />
        ))}
      </ul>
      <Pagination
        page={page}
        totalPages={query.data.totalPages}
        totalItems={query.data.total}
        noun={['comment', 'comments']}
        onPage={setPage}
      />
    </div>
  );
}
