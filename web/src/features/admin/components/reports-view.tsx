import {
  GOVERNANCE_LIMITS,
  REPORT_REASON_LABELS,
  REPORT_STATES,
  REPORT_TARGETS,
  ROUTES,
} from '@contract';
import type { AdminReport, ReportState, ReportTarget } from '@contract';
import { Flag } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonStyles } from '../../../components/ui/button-styles';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormError } from '../../../components/ui/form-error';
import { RetryButton } from '../../../components/ui/retry-button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatRelativeTime } from '../../../lib/format';
import { useContentAction, type ContentAction } from '../api/content-actions';
import { useReports } from '../api/get-reports';
import { useUserAction, type UserAction } from '../api/user-actions';
import { apiQuery, choiceOf, pageOf, withChanges } from '../utils/list-params';
import { Pager } from './admin-table';
import { Filter } from './list-controls';
import { ReasonDialog } from './reason-dialog';

const STATE_LABELS: Record<ReportState, string> = {
  open: 'Open',
  resolved: 'Resolved',
  dismissed: 'Dismissed',
};
const TARGET_LABELS: Record<ReportTarget, string> = {
  video: 'Video',
  comment: 'Comment',
  channel: 'Channel',
};

type Step =
  | { kind: 'resolve' | 'dismiss'; report: AdminReport }
  | { kind: 'block' | 'delete-comment' | 'suspend'; report: AdminReport };

const STEPS = {
  resolve: {
    title: 'Resolve report',
    confirm: 'Resolve',
    label: 'Note',
    required: false,
    danger: false,
  },
  dismiss: {
    title: 'Dismiss report',
    confirm: 'Dismiss',
    label: 'Note',
    required: false,
    danger: false,
  },
  block: { title: 'Block video', confirm: 'Block', label: 'Reason', required: true, danger: true },
  'delete-comment': {
    title: 'Delete comment',
    confirm: 'Delete',
    label: 'Reason',
    required: true,
    danger: true,
  },
  suspend: {
    title: 'Suspend account',
    confirm: 'Suspend',
    label: 'Reason',
    required: true,
    danger: true,
  },
} as const;

function targetLink(report: AdminReport): string | null {
  if (!report.target || report.target.hidden) return null;
  if (report.targetType === 'video') return ROUTES.watch(report.targetId);
  if (report.targetType === 'comment' && report.target.videoId) {
    return ROUTES.watch(report.target.videoId);
  }
  if (report.targetType === 'channel') return ROUTES.channel(report.target.owner.username);
  return null;
}

function ReportCard({ report, onStep }: { report: AdminReport; onStep: (step: Step) => void }) {
  const link = targetLink(report);
  const { target } = report;
  return (
    <li
      aria-label={`${TARGET_LABELS[report.targetType]} report: ${REPORT_REASON_LABELS[report.reason]}`}
      className="rounded-xl border border-line p-4"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-medium text-ink-strong">
          {TARGET_LABELS[report.targetType]} · {REPORT_REASON_LABELS[report.reason]}
        </p>
        <p className="text-xs text-ink-muted">
          Reported by {report.reporter ? `@${report.reporter.username}` : 'a deleted account'}{' '}
          <time dateTime={report.createdAt}>{formatRelativeTime(report.createdAt)}</time>
        </p>
      </div>
      <div className="mt-2 rounded-lg bg-raised px-3 py-2 text-sm">
        {target ? (
          <>
            <p className="break-words whitespace-pre-wrap text-ink-strong">
              {link ? (
                <Link to={link} className="hover:underline">
                  {target.text}
                </Link>
              ) : (
                target.text
              )}
            </p>
            <p className="mt-1 text-xs text-ink-muted">
              By @{target.owner.username}
              {target.hidden ? ' · hidden from others now' : ''}
            </p>
          </>
        ) : (
          <p className="text-ink-muted">It has been deleted.</p>
        )}
      </div>
      {report.details ? (
        <p className="mt-2 text-sm break-words whitespace-pre-wrap text-ink">“{report.details}”</p>
      ) : null}
      {report.state === 'open' ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <button
            type="button"
            onClick={() => onStep({ kind: 'resolve', report })}
            className={buttonStyles.light}
          >
            Resolve
          </button>
          <button
            type="button"
            onClick={() => onStep({ kind: 'dismiss', report })}
            className={buttonStyles.secondary}
          >
            Dismiss
          </button>
          {target && report.targetType === 'video' && !target.hidden ? (
            <button
              type="button"
              onClick={() => onStep({ kind: 'block', report })}
              className={buttonStyles.ghost}
            >
              Block video
            </button>
          ) : null}
          {target && report.targetType === 'comment' ? (
            <button
              type="button"
              onClick={() => onStep({ kind: 'delete-comment', report })}
              className={buttonStyles.ghost}
            >
              Delete comment
            </button>
          ) : null}
          {target ? (
            <button
              type="button"
              onClick={() => onStep({ kind: 'suspend', report })}
              className={buttonStyles.ghost}
            >
              Suspend @{target.owner.username}
            </button>
          ) : null}
        </div>
      ) : (
        <p className="mt-3 text-xs text-ink-muted">
          {STATE_LABELS[report.state]}
          {report.resolvedBy ? ` by @${report.resolvedBy.username}` : ''}
          {report.resolvedAt ? ` ${formatRelativeTime(report.resolvedAt)}` : ''}
          {report.note ? `: ${report.note}` : ''}
        </p>
      )}
    </li>
  );
}

/** Reports by state (open ones oldest first), each with what it is about and what to do. */
export function ReportsView() {
  const [params, setParams] = useSearchParams();
  const page = pageOf(params);
  const state = choiceOf(params, 'state', REPORT_STATES, 'open');
  const type = choiceOf(params, 'type', ['all', ...REPORT_TARGETS] as const, 'all');
  const query = useReports(
    apiQuery({
      page,
      limit: GOVERNANCE_LIMITS.adminPageSize,
      state,
      targetType: type === 'all' ? undefined : type,
    }),
  );
  const content = useContentAction();
  const account = useUserAction();
  const [step, setStep] = useState<Step | null>(null);
  const change = (next: Record<string, string | number | undefined>) =>
    setParams(withChanges(params, next));

  const pending = content.isPending || account.isPending;
  const failure = content.error ?? account.error;
  const done = () => setStep(null);
  const confirm = (text: string) => {
    if (!step) return;
    const { report } = step;
    let action: ContentAction | UserAction;
    if (step.kind === 'resolve' || step.kind === 'dismiss') {
      action = { kind: step.kind, id: report._id, note: text || undefined };
    } else if (step.kind === 'block') {
      action = { kind: 'block', id: report.targetId, reason: text };
    } else if (step.kind === 'delete-comment') {
      action = { kind: 'delete-comment', id: report.targetId, reason: text };
    } else {
      action = { kind: 'suspend', id: report.target!.owner._id, reason: text };
    }
    if (action.kind === 'suspend') account.mutate(action, { onSuccess: done });
    else content.mutate(action as ContentAction, { onSuccess: done });
  };

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-end gap-3">
        <Filter
          label="State"
          value={state}
          options={REPORT_STATES.map((s) => ({ value: s, label: STATE_LABELS[s] }))}
          onChange={(next) => change({ state: next === 'open' ? undefined : next })}
        />
        <Filter
          label="About"
          value={type}
          options={[
            { value: 'all', label: 'Anything' },
            ...REPORT_TARGETS.map((t) => ({ value: t, label: `${TARGET_LABELS[t]}s` })),
          ]}
          onChange={(next) => change({ type: next === 'all' ? undefined : next })}
        />
      </div>
      {query.isPending ? (
        <Spinner className="w-full py-16" label="Loading reports" />
      ) : query.isLoadingError ? (
        <div className="flex flex-col items-start gap-3">
          <FormError message={errorMessage(query.error, 'Reports could not be loaded.')} />
          <RetryButton onRetry={() => void query.refetch()} />
        </div>
      ) : query.data.total === 0 ? (
        <EmptyState icon={Flag} title={state === 'open' ? 'No open reports' : 'No reports here'}>
          {state === 'open'
            ? 'When someone reports a video, a comment or a channel, it waits here.'
            : 'Reports you decide are kept here.'}
        </EmptyState>
      ) : (
        <>
          <ul aria-label="Reports" className="flex flex-col gap-3">
            {query.data.data.map((report) => (
              <ReportCard
                key={report._id}
                report={report}
                onStep={(next) => {
                  content.reset();
                  account.reset();
                  setStep(next);
                }}
              />
            ))}
          </ul>
          <Pager
            page={page}
            totalPages={query.data.totalPages}
            total={query.data.total}
            noun={['report', 'reports']}
            onPage={(next) => change({ page: next })}
          />
        </>
      )}
      {step ? (
        <ReasonDialog
          key={`${step.kind}-${step.report._id}`}
          open
          title={STEPS[step.kind].title}
          label={STEPS[step.kind].label}
          required={STEPS[step.kind].required}
          danger={STEPS[step.kind].danger}
          confirmLabel={pending ? 'Working…' : STEPS[step.kind].confirm}
          pending={pending}
          error={failure ? errorMessage(failure, 'That did not work.') : null}
          onCancel={() => setStep(null)}
          onConfirm={confirm}
        >
          {step.kind === 'resolve'
            ? 'Mark this report resolved: you acted on it.'
            : step.kind === 'dismiss'
              ? 'Dismiss this report: nothing needs doing.'
              : step.kind === 'block'
                ? 'Block this video? It disappears for everyone but its owner, who sees the reason. Resolve the report afterwards.'
                : step.kind === 'delete-comment'
                  ? 'Delete this comment and its replies? Resolve the report afterwards.'
                  : `Suspend @${step.report.target?.owner.username}? Their sessions end and all their videos and comments are hidden until lifted.`}
        </ReasonDialog>
      ) : null}
    </div>
  );
}
