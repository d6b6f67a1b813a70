import { ADMIN_VIDEO_STATES, GOVERNANCE_LIMITS, ROUTES } from '@contract';
import type { AdminVideo } from '@contract';
import { Clapperboard } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonStyles } from '../../../components/ui/button-styles';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormError } from '../../../components/ui/form-error';
import { RetryButton } from '../../../components/ui/retry-button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useContentAction } from '../api/content-actions';
import { useAdminVideos } from '../api/get-admin-videos';
import { apiQuery, choiceOf, pageOf, textOf, withChanges } from '../utils/list-params';
import { AdminTable, cell, headCell, Pager } from './admin-table';
import { Filter, SearchBox } from './list-controls';
import { ReasonDialog } from './reason-dialog';

const STATE_LABELS: Record<(typeof ADMIN_VIDEO_STATES)[number], string> = {
  all: 'All videos',
  blocked: 'Blocked',
  visible: 'Visible to others',
  hidden: 'Hidden (private, blocked, processing or suspended)',
};

/** Why a video is or is not shown to others now. */
function shownAs(video: AdminVideo): string {
  if (video.blockedReason) return 'Blocked';
  if (video.ownerSuspended) return 'Owner suspended';
  if (!video.hidden) return video.visibility === 'public' ? 'Public' : 'Unlisted';
  if (video.status !== 'ready') return video.status === 'failed' ? 'Failed' : 'Processing';
  return 'Private';
}

/** Every video: find one by title or id, see whether others can, block or unblock it. */
export function VideosView() {
  const [params, setParams] = useSearchParams();
  const page = pageOf(params);
  const text = textOf(params, 'query');
  const state = choiceOf(params, 'state', ADMIN_VIDEO_STATES, 'all');
  const query = useAdminVideos(
    apiQuery({ page, limit: GOVERNANCE_LIMITS.adminPageSize, query: text, state }),
  );
  const action = useContentAction();
  const [pending, setPending] = useState<{ video: AdminVideo; block: boolean } | null>(null);
  const change = (next: Record<string, string | number | undefined>) =>
    setParams(withChanges(params, next));

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-end gap-3">
        <SearchBox
          label="Search by title or video id"
          value={text}
          onSearch={(next) => change({ query: next })}
        />
        <Filter
          label="Show"
          value={state}
          options={ADMIN_VIDEO_STATES.map((s) => ({ value: s, label: STATE_LABELS[s] }))}
          onChange={(next) => change({ state: next === 'all' ? undefined : next })}
        />
      </div>
      {query.isPending ? (
        <Spinner className="w-full py-16" label="Loading videos" />
      ) : query.isLoadingError ? (
        <div className="flex flex-col items-start gap-3">
          <FormError message={errorMessage(query.error, 'Videos could not be loaded.')} />
          <RetryButton onRetry={() => void query.refetch()} />
        </div>
      ) : query.data.total === 0 ? (
        <EmptyState icon={Clapperboard} title="No videos match">
          {text || state !== 'all' ? 'Try another search or filter.' : 'Nothing is uploaded yet.'}
        </EmptyState>
      ) : (
        <>
          <AdminTable caption="Videos">
            <thead>
              <tr>
                <th scope="col" className={headCell}>
                  Video
                </th>
                <th scope="col" className={headCell}>
                  Owner
                </th>
                <th scope="col" className={headCell}>
                  Shown as
                </th>
                <th scope="col" className={headCell}>
                  Views
                </th>
                <th scope="col" className={headCell}>
                  Actions
                </th>
              </tr>
            </thead>
            <tbody>
              {query.data.data.map((video) => (
                <tr key={video._id} aria-label={video.title}>
                  <td className={cell}>
                    <div className="flex items-start gap-3">
                      {video.thumbnail ? (
                        <img
                          src={video.thumbnail}
                          alt=""
                          className="aspect-video w-24 shrink-0 rounded bg-hover object-cover"
                        />
                      ) : (
                        <span className="aspect-video w-24 shrink-0 rounded bg-hover" aria-hidden />
                      )}
                      <div className="min-w-0">
                        {video.hidden ? (
                          <span className="font-medium break-words text-ink-strong">
                            {video.title}
                          </span>
                        ) : (
                          <Link
                            to={ROUTES.watch(video._id)}
                            className="font-medium break-words text-ink-strong hover:underline"
                          >
                            {video.title}
                          </Link>
                        )}
                        <p className="text-xs text-ink-muted">
                          {new Date(video.createdAt).toLocaleDateString()}
                        </p>
                      </div>
                    </div>
                  </td>
                  <td className={cell}>@{video.owner.username}</td>
                  <td className={cell}>
                    {shownAs(video)}
                    {video.blockedReason ? (
                      <p className="text-xs break-words text-ink-muted">{video.blockedReason}</p>
                    ) : null}
                  </td>
                  <td className={`${cell} tabular-nums`}>{video.views.toLocaleString('en-US')}</td>
                  <td className={cell}>
                    <button
                      type="button"
                      onClick={() => setPending({ video, block: !video.blockedReason })}
                      className={video.blockedReason ? buttonStyles.secondary : buttonStyles.ghost}
                    >
                      {video.blockedReason ? 'Unblock' : 'Block'}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </AdminTable>
          <Pager
            page={page}
            totalPages={query.data.totalPages}
            total={query.data.total}
            noun={['video', 'videos']}
            onPage={(next) => change({ page: next })}
          />
        </>
      )}
      {pending ? (
        <ReasonDialog
          key={pending.video._id}
          open
          title={pending.block ? 'Block video' : 'Unblock video'}
          label="Reason"
          required={pending.block}
          danger={pending.block}
          confirmLabel={action.isPending ? 'Working…' : pending.block ? 'Block' : 'Unblock'}
          pending={action.isPending}
          error={action.isError ? errorMessage(action.error, 'That did not work.') : null}
          onCancel={() => {
            action.reset();
            setPending(null);
          }}
          onConfirm={(reason) =>
            action.mutate(
              pending.block
                ? { kind: 'block', id: pending.video._id, reason }
                : { kind: 'unblock', id: pending.video._id, reason },
              { onSuccess: () => setPending(null) },
            )
          }
        >
          {pending.block
            ? `Block “${pending.video.title}”? It disappears for everyone but its owner at once, and its owner sees the reason.`
            : `Unblock “${pending.video.title}”? It shows again as its owner chose.`}
        </ReasonDialog>
      ) : null}
    </div>
  );
}
