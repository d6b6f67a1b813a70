import { ROUTES } from '@contract';
import { UserCheck, UserX } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { buttonStyles } from '../../../components/ui/button-styles';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormError } from '../../../components/ui/form-error';
import { RetryButton } from '../../../components/ui/retry-button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useBlockedUsers, useSetBlocked } from '../../moderation';

/** The users you keep from commenting on your videos, each with a way back. */
export function BlockedUsers() {
  const query = useBlockedUsers();
  const unblock = useSetBlocked();

  if (query.isPending) return <Spinner className="w-full py-10" label="Loading blocked users" />;
  if (query.isLoadingError) {
    return (
      <div className="flex flex-col items-start gap-3">
        <FormError message={errorMessage(query.error, 'Blocked users could not be loaded.')} />
        <RetryButton onRetry={() => void query.refetch()} />
      </div>
    );
  }
  if (query.data.length === 0) {
    return (
      <EmptyState icon={UserCheck} title="You have blocked nobody">
        Block someone from a comment’s menu under your videos; they can no longer comment on any of
        them.
      </EmptyState>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      {unblock.isError ? (
        <FormError message={errorMessage(unblock.error, 'The user could not be let back.')} />
      ) : null}
      <ul aria-label="Blocked users">
        {query.data.map((user) => (
          <li key={user._id} className="flex items-center gap-3 border-b border-line py-3">
            <Avatar src={user.avatar} name={user.username} size="sm" decorative />
            <div className="min-w-0 flex-1">
              <Link
                to={ROUTES.channel(user.username)}
                className="font-medium text-ink-strong hover:underline"
              >
                @{user.username}
              </Link>
              <p className="text-xs text-ink-muted">
                Blocked{' '}
                <time dateTime={user.blockedAt}>
                  {new Date(user.blockedAt).toLocaleDateString()}
                </time>
              </p>
            </div>
            <button
              type="button"
              disabled={unblock.isPending}
              aria-label={`Unblock @${user.username}`}
              onClick={() => unblock.mutate({ userId: user._id, blocked: false })}
              className={buttonStyles.secondary}
            >
              <UserX className="size-4" aria-hidden />
              Unblock
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
