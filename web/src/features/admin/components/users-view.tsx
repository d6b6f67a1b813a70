import { GOVERNANCE_LIMITS, ROLES, ROUTES, USER_STATES } from '@contract';
import type { AdminUser, Role, UserState } from '@contract';
import { UsersRound } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { buttonStyles } from '../../../components/ui/button-styles';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormError } from '../../../components/ui/form-error';
import { RetryButton } from '../../../components/ui/retry-button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../auth';
import { useUsers } from '../api/get-users';
import { useUserAction, type UserAction } from '../api/user-actions';
import { formatBytes } from '../utils/format-bytes';
import { apiQuery, choiceOf, pageOf, textOf, withChanges } from '../utils/list-params';
import { AdminTable, cell, headCell, Pager } from './admin-table';
import { Filter, SearchBox } from './list-controls';
import { PasswordDialog } from './password-dialog';
import { QuotaDialog } from './quota-dialog';
import { ReasonDialog } from './reason-dialog';

const STATE_LABELS: Record<UserState, string> = {
  active: 'Active',
  pending: 'Waiting for approval',
  suspended: 'Suspended',
};
const ROLE_LABELS: Record<Role, string> = { admin: 'Admin', moderator: 'Moderator', user: 'User' };

type Pending =
  | { kind: 'suspend' | 'delete' | 'unsuspend' | 'twoFactorOff'; user: AdminUser }
  | { kind: 'role'; user: AdminUser; role: Role };

const DIALOGS = {
  suspend: {
    title: 'Suspend account',
    confirm: 'Suspend',
    required: true,
    danger: true,
    text: (u: AdminUser) =>
      `Suspend @${u.username}? Their sessions end now, they cannot sign in, and their videos and comments are hidden from everyone until you lift it.`,
  },
  unsuspend: {
    title: 'Lift suspension',
    confirm: 'Lift suspension',
    required: false,
    danger: false,
    text: (u: AdminUser) =>
      `Let @${u.username} sign in again? Their videos and comments show again as they chose.`,
  },
  twoFactorOff: {
    title: 'Turn off two-factor sign-in',
    confirm: 'Turn off',
    required: false,
    danger: true,
    text: (u: AdminUser) =>
      `Turn off two-factor sign-in for @${u.username}? Their password alone signs in until they turn it on again, and their recovery codes stop working. Do this only once you are sure the request comes from them.`,
  },
  delete: {
    title: 'Delete account',
    confirm: 'Delete forever',
    required: true,
    danger: true,
    text: (u: AdminUser) =>
      `Delete @${u.username} with all their videos, comments, likes and files? This cannot be undone.`,
  },
  role: {
    title: 'Change role',
    confirm: 'Change role',
    required: false,
    danger: false,
    text: (u: AdminUser) => `Change the role of @${u.username}?`,
  },
} as const;

/** Accounts: search, filter by state and role, and act on one with a confirmation and a reason. */
export function UsersView() {
  const { authUser } = useAuth();
  const [params, setParams] = useSearchParams();
  const page = pageOf(params);
  const text = textOf(params, 'query');
  const state = choiceOf(params, 'state', ['all', ...USER_STATES] as const, 'all');
  const role = choiceOf(params, 'role', ['all', ...ROLES] as const, 'all');
  const query = useUsers(
    apiQuery({
      page,
      limit: GOVERNANCE_LIMITS.adminPageSize,
      query: text,
      state: state === 'all' ? undefined : state,
      role: role === 'all' ? undefined : role,
    }),
  );
  const action = useUserAction();
  const [pending, setPending] = useState<Pending | null>(null);
  const [quotaOf, setQuotaOf] = useState<AdminUser | null>(null);
  const [passwordOf, setPasswordOf] = useState<AdminUser | null>(null);
  const closePassword = () => {
    action.reset();
    setPasswordOf(null);
  };
  const isAdmin = authUser?.role === 'admin';
  const change = (next: Record<string, string | number | undefined>) =>
    setParams(withChanges(params, next));

  const run = (next: UserAction) => action.mutate(next, { onSuccess: () => setPending(null) });

  const mayAct = (user: AdminUser) =>
    user._id !== authUser?._id && (isAdmin || user.role === 'user');

  const dialog = pending ? DIALOGS[pending.kind] : null;

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-end gap-3">
        <SearchBox
          label="Search by username or email"
          value={text}
          onSearch={(next) => change({ query: next })}
        />
        <Filter
          label="State"
          value={state}
          options={[
            { value: 'all', label: 'All states' },
            ...USER_STATES.map((s) => ({ value: s, label: STATE_LABELS[s] })),
          ]}
          onChange={(next) => change({ state: next === 'all' ? undefined : next })}
        />
        <Filter
          label="Role"
          value={role}
          options={[
            { value: 'all', label: 'All roles' },
            ...ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] })),
          ]}
          onChange={(next) => change({ role: next === 'all' ? undefined : next })}
        />
      </div>
      {query.data && query.data.pendingCount > 0 && state !== 'pending' ? (
        <p className="text-sm text-ink">
          {query.data.pendingCount === 1
            ? '1 sign-up is waiting for approval. '
            : `${query.data.pendingCount} sign-ups are waiting for approval. `}
          <button
            type="button"
            onClick={() => change({ state: 'pending' })}
            className="font-medium text-accent hover:underline"
          >
            Show them
          </button>
        </p>
      ) : null}
      {action.isError && !pending && !quotaOf ? (
        <FormError message={errorMessage(action.error, 'That did not work.')} />
      ) : null}
      {query.isPending ? (
        <Spinner className="w-full py-16" label="Loading users" />
      ) : query.isLoadingError ? (
        <div className="flex flex-col items-start gap-3">
          <FormError message={errorMessage(query.error, 'Users could not be loaded.')} />
          <RetryButton onRetry={() => void query.refetch()} />
        </div>
      ) : query.data.total === 0 ? (
        <EmptyState icon={UsersRound} title="No users match">
          {text || state !== 'all' || role !== 'all'
            ? 'Try another search or filter.'
            : 'Nobody has signed up yet.'}
        </EmptyState>
      ) : (
        <>
          <AdminTable caption="Users">
            <thead>
              <tr>
                <th scope="col" className={headCell}>
                  User
                </th>
                <th scope="col" className={headCell}>
                  Role
                </th>
                <th scope="col" className={headCell}>
                  State
                </th>
                <th scope="col" className={headCell}>
                  Videos
                </th>
                <th scope="col" className={headCell}>
                  Joined
                </th>
                <th scope="col" className={headCell}>
                  Actions
                </th>
              </tr>
            </thead>
            <tbody>
              {query.data.data.map((user) => (
                <tr key={user._id} aria-label={`@${user.username}`}>
                  <td className={cell}>
                    <div className="flex items-center gap-3">
                      <Avatar src={user.avatar} name={user.username} size="sm" decorative />
                      <div className="min-w-0">
                        <Link
                          to={ROUTES.channel(user.username)}
                          className="font-medium text-ink-strong hover:underline"
                        >
                          @{user.username}
                        </Link>
                        <p className="truncate text-xs text-ink-muted">{user.email}</p>
                        {user.twoFactor ? (
                          <p className="text-xs text-ink-muted">Two-factor sign-in on</p>
                        ) : null}
                        {user.quotaBytes !== null ? (
                          <p className="text-xs text-ink-muted">
                            Quota {formatBytes(user.quotaBytes)}
                          </p>
                        ) : null}
                      </div>
                    </div>
                  </td>
                  <td className={cell}>
                    {isAdmin && user._id !== authUser?._id ? (
                      <select
                        aria-label={`Role of @${user.username}`}
                        value={user.role}
                        onChange={(event) =>
                          setPending({ kind: 'role', user, role: event.target.value as Role })
                        }
                        className="rounded-md border border-line bg-page px-2 py-1 text-sm text-ink-strong"
                      >
                        {ROLES.map((r) => (
                          <option key={r} value={r}>
                            {ROLE_LABELS[r]}
                          </option>
                        ))}
                      </select>
                    ) : (
                      ROLE_LABELS[user.role]
                    )}
                  </td>
                  <td className={cell}>
                    {STATE_LABELS[user.state]}
                    {user.suspensionReason ? (
                      <p className="text-xs text-ink-muted">{user.suspensionReason}</p>
                    ) : null}
                  </td>
                  <td className={`${cell} tabular-nums`}>{user.videosCount}</td>
                  <td className={cell}>{new Date(user.createdAt).toLocaleDateString()}</td>
                  <td className={cell}>
                    {mayAct(user) ? (
                      <div className="flex flex-wrap gap-2">
                        {user.state === 'pending' ? (
                          <button
                            type="button"
                            disabled={action.isPending}
                            onClick={() => run({ kind: 'approve', id: user._id })}
                            className={buttonStyles.light}
                          >
                            Approve
                          </button>
                        ) : null}
                        {user.state === 'suspended' ? (
                          <button
                            type="button"
                            onClick={() => setPending({ kind: 'unsuspend', user })}
                            className={buttonStyles.secondary}
                          >
                            Unsuspend
                          </button>
                        ) : (
                          <button
                            type="button"
                            onClick={() => setPending({ kind: 'suspend', user })}
                            className={buttonStyles.secondary}
                          >
                            Suspend
                          </button>
                        )}
                        <button
                          type="button"
                          onClick={() => {
                            action.reset();
                            setQuotaOf(user);
                          }}
                          className={buttonStyles.ghost}
                        >
                          Quota
                        </button>
                        {isAdmin ? (
                          <button
                            type="button"
                            onClick={() => {
                              action.reset();
                              setPasswordOf(user);
                            }}
                            className={buttonStyles.ghost}
                          >
                            Set password
                          </button>
                        ) : null}
                        {isAdmin && user.twoFactor ? (
                          <button
                            type="button"
                            onClick={() => setPending({ kind: 'twoFactorOff', user })}
                            className={buttonStyles.ghost}
                          >
                            Turn off 2FA
                          </button>
                        ) : null}
                        <button
                          type="button"
                          onClick={() => setPending({ kind: 'delete', user })}
                          className={buttonStyles.ghost}
                        >
                          Delete
                        </button>
                      </div>
                    ) : (
                      <span className="text-xs text-ink-muted">
                        {user._id === authUser?._id ? 'You' : 'Staff'}
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </AdminTable>
          <Pager
            page={page}
            totalPages={query.data.totalPages}
            total={query.data.total}
            noun={['user', 'users']}
            onPage={(next) => change({ page: next })}
          />
        </>
      )}
      {quotaOf ? (
        <QuotaDialog
          key={quotaOf._id}
          user={quotaOf}
          pending={action.isPending}
          error={
            action.isError ? errorMessage(action.error, 'The quota could not be saved.') : null
          }
          onCancel={() => setQuotaOf(null)}
          onSave={(quotaBytes) =>
            action.mutate(
              { kind: 'quota', id: quotaOf._id, quotaBytes },
              { onSuccess: () => setQuotaOf(null) },
            )
          }
        />
      ) : null}
      {passwordOf ? (
        <PasswordDialog
          key={passwordOf._id}
          user={passwordOf}
          pending={action.isPending}
          error={
            action.isError ? errorMessage(action.error, 'The password could not be set.') : null
          }
          onCancel={closePassword}
          onSave={(password, reason) =>
            action.mutate(
              { kind: 'password', id: passwordOf._id, password, reason: reason || undefined },
              // Reset, or the mutation's state would hold the password until the next action.
              { onSuccess: () => closePassword() },
            )
          }
        />
      ) : null}
      {pending && dialog ? (
        <ReasonDialog
          key={`${pending.kind}-${pending.user._id}`}
          open
          title={dialog.title}
          label={pending.kind === 'role' ? undefined : 'Reason'}
          required={dialog.required}
          danger={dialog.danger}
          confirmLabel={action.isPending ? 'Working…' : dialog.confirm}
          pending={action.isPending}
          error={action.isError ? errorMessage(action.error, 'That did not work.') : null}
          onCancel={() => {
            action.reset();
            setPending(null);
          }}
          onConfirm={(reason) => {
            const id = pending.user._id;
            if (pending.kind === 'role') run({ kind: 'role', id, role: pending.role });
            else if (pending.kind === 'unsuspend' || pending.kind === 'twoFactorOff') {
              run({ kind: pending.kind, id, reason });
            } else run({ kind: pending.kind, id, reason });
          }}
        >
          {dialog.text(pending.user)}
          {pending.kind === 'role' ? ` It becomes ${ROLE_LABELS[pending.role]}.` : null}
        </ReasonDialog>
      ) : null}
    </div>
  );
}
