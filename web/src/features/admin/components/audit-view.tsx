import { AUDIT_ACTIONS, GOVERNANCE_LIMITS } from '@contract';
import type { AuditAction } from '@contract';
import { ScrollText } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormError } from '../../../components/ui/form-error';
import { RetryButton } from '../../../components/ui/retry-button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useAudit } from '../api/get-audit';
import { apiQuery, choiceOf, pageOf, withChanges } from '../utils/list-params';
import { AdminTable, cell, headCell, Pager } from './admin-table';
import { Filter } from './list-controls';

export const AUDIT_LABELS: Record<AuditAction, string> = {
  'video.block': 'Blocked a video',
  'video.unblock': 'Unblocked a video',
  'video.reprocess': 'Queued a video for reprocessing',
  'user.suspend': 'Suspended an account',
  'user.unsuspend': 'Lifted a suspension',
  'user.approve': 'Approved a sign-up',
  'user.delete': 'Deleted an account',
  'user.role': 'Changed a role',
  'user.quota': 'Changed a quota',
  'user.create': 'Created an account',
  'user.password': 'Set a new password',
  'user.two_factor_off': 'Turned off two-factor sign-in',
  'settings.update': 'Changed settings',
  'report.resolve': 'Resolved a report',
  'report.dismiss': 'Dismissed a report',
  'comment.delete': 'Deleted a comment',
};

/** What staff and the command line did, newest first; nothing here changes an entry. */
export function AuditView() {
  const [params, setParams] = useSearchParams();
  const page = pageOf(params);
  const action = choiceOf(params, 'action', ['all', ...AUDIT_ACTIONS] as const, 'all');
  const query = useAudit(
    apiQuery({
      page,
      limit: GOVERNANCE_LIMITS.adminPageSize,
      action: action === 'all' ? undefined : action,
    }),
  );
  const change = (next: Record<string, string | number | undefined>) =>
    setParams(withChanges(params, next));

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-end gap-3">
        <Filter
          label="Action"
          value={action}
          options={[
            { value: 'all', label: 'Every action' },
            ...AUDIT_ACTIONS.map((a) => ({ value: a, label: AUDIT_LABELS[a] })),
          ]}
          onChange={(next) => change({ action: next === 'all' ? undefined : next })}
        />
      </div>
      {query.isPending ? (
        <Spinner className="w-full py-16" label="Loading the audit log" />
      ) : query.isLoadingError ? (
        <div className="flex flex-col items-start gap-3">
          <FormError message={errorMessage(query.error, 'The audit log could not be loaded.')} />
          <RetryButton onRetry={() => void query.refetch()} />
        </div>
      ) : query.data.total === 0 ? (
        <EmptyState icon={ScrollText} title="Nothing logged yet">
          Every staff and command-line action is logged here.
        </EmptyState>
      ) : (
        <>
          <AdminTable caption="Audit log">
            <thead>
              <tr>
                <th scope="col" className={headCell}>
                  When
                </th>
                <th scope="col" className={headCell}>
                  Who
                </th>
                <th scope="col" className={headCell}>
                  What
                </th>
                <th scope="col" className={headCell}>
                  On
                </th>
                <th scope="col" className={headCell}>
                  Reason
                </th>
              </tr>
            </thead>
            <tbody>
              {query.data.data.map((entry) => (
                <tr key={entry._id}>
                  <td className={`${cell} whitespace-nowrap`}>
                    <time dateTime={entry.createdAt}>
                      {new Date(entry.createdAt).toLocaleString()}
                    </time>
                  </td>
                  <td className={cell}>
                    {entry.actor ? `@${entry.actor.username}` : 'Command line'}
                  </td>
                  <td className={cell}>{AUDIT_LABELS[entry.action] ?? entry.action}</td>
                  <td className={`${cell} font-mono text-xs`}>
                    {entry.targetType} {entry.targetId}
                  </td>
                  <td className={`${cell} break-words`}>{entry.reason ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </AdminTable>
          <Pager
            page={page}
            totalPages={query.data.totalPages}
            total={query.data.total}
            noun={['entry', 'entries']}
            onPage={(next) => change({ page: next })}
          />
        </>
      )}
    </div>
  );
}
