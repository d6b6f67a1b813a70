import type { StudioSortField, StudioVideo } from '@contract';
import { Clapperboard } from 'lucide-react';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormError } from '../../../components/ui/form-error';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useDeleteStudioVideo } from '../api/delete-studio-video';
import { LoadMore } from '../../../components/ui/load-more';
import { itemsOfPages } from '../../../lib/list-pages';
import { STUDIO_PAGE_SIZE, useStudioVideoPages } from '../api/get-studio-videos';
import { nextSort, sortFromSearch } from '../utils/sort-params';
import { BlockedBanner } from './blocked-banner';
import { ContentTable } from './content-table';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import type { FocusSuccessor } from '../../../lib/focus-successor';
import { UploadCta } from './upload-cta';
import { RetryButton } from '../../../components/ui/retry-button';

/** A deleted video's row takes its Delete button with it: focus goes to the next row's. */
const DELETED_ROW_SUCCESSOR: FocusSuccessor = {
  item: 'tr',
  control: 'button[aria-label="Delete"]',
};

/**
 * The Videos tab: an endless table in the order chosen by the column headers; the order lives
 * in the address, so a reload or a back step keeps it.
 */
export function ContentVideos() {
  const [params, setParams] = useSearchParams();
  const sort = sortFromSearch(params);
  const query = useStudioVideoPages(sort);
  const remove = useDeleteStudioVideo(STUDIO_PAGE_SIZE);
  const [target, setTarget] = useState<StudioVideo | null>(null);
  const bodyRef = useRef<HTMLTableSectionElement>(null);

  const sortBy = (next: { sortBy: StudioSortField; sortType: string }) => {
    const copy = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) copy.set(key, value);
    // Pages are loaded as the table is scrolled; an old page number means nothing now.
    copy.delete('page');
    setParams(copy);
  };

  if (query.isPending) return <Spinner className="w-full py-16" label="Loading videos" />;
  if (query.isLoadingError) {
    return (
      <div className="flex flex-col items-start gap-3">
        <FormError message={errorMessage(query.error, 'Your videos could not be loaded.')} />
        <RetryButton onRetry={() => void query.refetch()} />
      </div>
    );
  }
  const videos = itemsOfPages(query.data.pages);
  if (query.data.pages[0]!.totalVideos === 0) {
    return (
      <EmptyState icon={Clapperboard} title="No content available">
        <div className="flex flex-col items-center gap-4">
          <p>Videos you upload appear here, private ones included.</p>
          <UploadCta />
        </div>
      </EmptyState>
    );
  }

  const blocked = videos.filter((video) => video.blockedReason);
  return (
    <div className="flex flex-col gap-4" aria-busy={query.isFetching}>
      {blocked.length > 0 ? (
        <BlockedBanner
          reason={
            blocked.length === 1
              ? `“${blocked[0]!.title}”: ${blocked[0]!.blockedReason}`
              : `${blocked.length} videos are blocked; each row says why`
          }
        />
      ) : null}
      <ContentTable
        bodyRef={bodyRef}
        videos={videos}
        sort={sort}
        onSort={(field) => sortBy(nextSort(sort, field))}
        onDelete={(video) => {
          remove.reset();
          setTarget(video);
        }}
      />
      <LoadMore paging={query} listRef={bodyRef} count={videos.length} label="Show more videos" />
      <ConfirmDialog
        open={target !== null}
        title="Delete video"
        successor={DELETED_ROW_SUCCESSOR}
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
