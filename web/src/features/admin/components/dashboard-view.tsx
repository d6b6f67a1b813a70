import { ROUTES } from '@contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FormError } from '../../../components/ui/form-error';
import { RetryButton } from '../../../components/ui/retry-button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useDashboard } from '../api/get-dashboard';
import { formatBytes } from '../utils/format-bytes';

function Card({ title, to, children }: { title: string; to?: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-xl border border-line p-4">
      <h2 className="text-sm font-medium text-ink-muted">
        {to ? (
          <Link to={to} className="hover:text-ink-strong hover:underline">
            {title}
          </Link>
        ) : (
          title
        )}
      </h2>
      <div className="mt-2 text-sm text-ink">{children}</div>
    </section>
  );
}

const big = 'text-3xl font-semibold text-ink-strong tabular-nums';

/** The instance at a glance: accounts, videos, storage, the processing queue, open reports. */
export function DashboardView() {
  const query = useDashboard();
  if (query.isPending) return <Spinner className="w-full py-16" label="Loading the dashboard" />;
  if (query.isLoadingError) {
    return (
      <div className="flex flex-col items-start gap-3">
        <FormError message={errorMessage(query.error, 'The dashboard could not be loaded.')} />
        <RetryButton onRetry={() => void query.refetch()} />
      </div>
    );
  }
  const d = query.data;
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      <Card title="Open reports" to={ROUTES.adminReports}>
        <p className={big}>{d.openReports.toLocaleString('en-US')}</p>
      </Card>
      <Card title="Users" to={ROUTES.adminUsers}>
        <p className={big}>{d.users.total.toLocaleString('en-US')}</p>
        <p>
          <Link to={`${ROUTES.adminUsers}?state=pending`} className="text-accent underline">
            {d.users.pending.toLocaleString('en-US')} waiting for approval
          </Link>
          {' · '}
          {d.users.suspended.toLocaleString('en-US')} suspended · {d.users.staff} staff
        </p>
      </Card>
      <Card title="Videos" to={ROUTES.adminVideos}>
        <p className={big}>{d.videos.total.toLocaleString('en-US')}</p>
        <p>
          {d.videos.public.toLocaleString('en-US')} public ·{' '}
          <Link to={`${ROUTES.adminVideos}?state=blocked`} className="text-accent underline">
            {d.videos.blocked.toLocaleString('en-US')} blocked
          </Link>
        </p>
      </Card>
      <Card title="Storage">
        <p className={big}>{formatBytes(d.storageBytes)}</p>
        <p>Videos’ originals and outputs</p>
      </Card>
      <Card title="Processing queue">
        <p className={big}>{(d.queue.queued + d.queue.running).toLocaleString('en-US')}</p>
        <p>
          {d.queue.queued} waiting · {d.queue.running} running
          {d.queue.stalled > 0 ? ` · ${d.queue.stalled} stalled` : ''}
        </p>
      </Card>
    </div>
  );
}
