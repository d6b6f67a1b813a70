import { ROUTES } from '@contract';
import { History } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonStyles } from '../../../components/ui/button-styles';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadMore } from '../../../components/ui/load-more';
import { PageHeading } from '../../../components/ui/page-heading';
import { RetryButton } from '../../../components/ui/retry-button';
import { Spinner } from '../../../components/ui/spinner';
import { useHistory } from '../api/get-history';
import { groupByDay } from '../utils/day-groups';
import { HistoryControls } from './history-controls';
import { HistoryRow } from './history-row';

function HistoryList({ q }: { q: string }) {
  const query = useHistory(q);
  const { error } = query;
  const listRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (error) console.error('Loading the watch history failed', error);
  }, [error]);

  if (query.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Loading watch history" />
      </div>
    );
  }
  if (query.isLoadingError) {
    return (
      <EmptyState icon={History} title="Watch history could not be loaded">
        <RetryButton onRetry={() => void query.refetch()} />
      </EmptyState>
    );
  }
  const entries = query.data.pages.flatMap((page) => page.data);
  if (entries.length === 0) {
    return q ? (
      <EmptyState icon={History} title={`No videos in your history match “${q}”`} />
    ) : (
      <EmptyState icon={History} title="This list has no videos">
        <p>Videos you watch show up here, newest first.</p>
        <Link to={ROUTES.home} className={`${buttonStyles.secondary} mt-4`}>
          Browse videos
        </Link>
      </EmptyState>
    );
  }
  const groups = groupByDay(entries, (entry) => Date.parse(entry.watchedAt));
  return (
    <div>
      <div ref={listRef} className="flex flex-col gap-6">
        {groups.map((group) => (
          <section key={group.key} aria-label={group.label}>
            <h2 className="mb-2 text-lg font-semibold text-ink-strong">{group.label}</h2>
            <ol className="flex flex-col gap-1">
              {group.entries.map((entry) => (
                <HistoryRow key={entry.video._id} entry={entry} />
              ))}
            </ol>
          </section>
        ))}
      </div>
      <LoadMore
        paging={query}
        listRef={listRef}
        itemSelector="li"
        count={entries.length}
        label="Show more"
      />
    </div>
  );
}

/** /feed/history: what the viewer watched, newest first by day, searchable. */
export function HistoryView() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const search = (text: string) => setParams(text ? { q: text } : {}, { replace: true });

  return (
    <div className="flex flex-col gap-6">
      <PageHeading>Watch history</PageHeading>
      <div className="flex flex-col-reverse gap-6 lg:flex-row lg:items-start">
        <div className="min-w-0 flex-1">
          <HistoryList q={q} />
        </div>
        <HistoryControls key={q} query={q} onSearch={search} />
      </div>
    </div>
  );
}
