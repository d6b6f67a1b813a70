import type { StudioSortField, StudioVideo } from '@contract';
import { Clapperboard } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormError } from '../../../components/ui/form-error';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useDeleteStudioVideo } from '../api/delete-studio-video';
import { STUDIO_PAGE_SIZE, useStudioVideos } from '../api/get-studio-videos';
import { nextSort, pageFromSearch, sortFromSearch } from '../utils/sort-params';
import { BlockedBanner } from './blocked-banner';
import { ContentTable } from './content-table';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Pagination } from './pagination';
import { UploadCta } from './upload-cta';
import { RetryButton } from '../../../components/ui/retry-button';

/** The Videos tab: sort and page live in the address, so a reload or a back step keeps them. */
export function ContentVideos() {
  const [params, setParams] = useSearchParams();
  const sort = sortFromSearch(params);
  const page = pageFromSearch(params);
  const query = useStudioVideos({ page, limit: STUDIO_PAGE_SIZE, ...sort });
  const remove = useDeleteStudioVideo(STUDIO_PAGE_SIZE);
  const [target, setTarget] = useState<StudioVideo | null>(null);

  const goTo = (next: { page?: number; sortBy?: StudioSortField; sortType?: string }) => {
    const copy = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) copy.set(key, String(value));
    setParams(copy);
  };

  // Deleting the last row of a later page would leave an empty page behind.
  const rows = query.data?.data.length ?? 0;
  const totalPages = query.data?.totalPages ?? 1;
  useEffect(() => {
    if (
      query.isSuccess &&
      !query.isPlaceholderData &&
      rows === 0 &&
      page > Math.max(1, totalPages)
    ) {
      const copy = new URLSearchParams(params);
      // Pages count from 1: with no videos left there is still page 1, never page 0.
      copy.set('page', String(Math.max(1, totalPages)));
      setParams(copy, { replace: true });
    }
  }, [query.isSuccess, query.isPlaceholderData, rows, page, totalPages, params, setParams]);

  if (query.isPending) return <Spinner className="w-full py-16" label="Loading videos" />;
  if (query.isError) {
    return (
      <div className="flex flex-col items-start gap-3">
        <FormError message={errorMessage(query.error, 'Your videos could not be loaded.')} />
        <RetryButton onRetry={() => void query.refetch()} />
      </div>
    );
  }
  if (query.data.totalVideos === 0) {
    return (
      <EmptyState icon={Clapperboard} title="No content available">
        <div className="flex flex-col items-center gap-4">
          <p>Videos you upload appear here, private ones included.</p>
          <UploadCta />
        </div>
      </EmptyState>
    );
  }

  const blocked = query.data.data.filter((video) => video.blockedReason);
  return (
    <div className="flex flex-col gap-4" aria-busy={query.isFetching}>
      {blocked.length > 0 ? (
        <BlockedBanner
          reason={
            blocked.length === 1
              ? `“${blocked[0]!.title}”: ${blocked[0]!.blockedReason}`
              : `${blocked.length} videos on this page are blocked; each row says why`
          }
        />
      ) : null}
      <ContentTable
        videos={query.data.data}
        sort={sort}
        onSort={(field) => goTo({ ...nextSort(sort, field), page: 1 })}
        onDelete={(video) => {
          remove.reset();
          setTarget(video);
        }}
      />
      <Pagination
        page={page}
        totalPages={query.data.totalPages}
        totalItems={query.data.totalVideos}
        onPage={(next) => goTo({ page: next })}
      />
      <ConfirmDialog
        open={target !== null}
        title="Delete video"
        confirmLabel={remove.isPending ? 'Deleting…' : 'Delete'}
        pending={remove.isPending}
        error={
          remove.isError ? errorMessage(remove.error, 'The video could not be deleted.') : null
        }
        onCancel={() => setTarget(null)}
        onConfirm={() => {
          if (!target) return;
          remove.mutate(target._id, { onSuccess: () => setTarget(null) });
        }}
      >
        Delete <span className="font-semibold break-words text-ink-strong">{target?.title}</span>{' '}
        permanently? Its comments, likes and analytics go with it. This cannot be undone.
      </ConfirmDialog>
    </div>
  );
}
