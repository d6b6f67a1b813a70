import { ListVideo, MessageSquareText, Play } from 'lucide-react';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeading } from '../../components/ui/page-heading';

export function WatchPage() {
  return (
    <div className="mx-auto flex max-w-[1700px] flex-col gap-6 px-4 py-6 sm:px-6 xl:flex-row">
      <div className="min-w-0 flex-1">
        <div className="flex aspect-video w-full items-center justify-center rounded-xl bg-black">
          <Play className="size-16 text-ink-muted" aria-hidden />
        </div>
        <PageHeading className="mt-4 text-xl sm:text-xl">Video</PageHeading>
        <section aria-labelledby="watch-comments-heading" className="mt-8">
          <h2 id="watch-comments-heading" className="mb-4 text-lg font-semibold text-ink-strong">
            Comments
          </h2>
          <EmptyState icon={MessageSquareText} title="Comments will appear here" />
        </section>
      </div>
      <aside aria-labelledby="watch-next-heading" className="w-full shrink-0 xl:w-96">
        <h2 id="watch-next-heading" className="mb-4 text-lg font-semibold text-ink-strong">
          Up next
        </h2>
        <EmptyState icon={ListVideo} title="Suggested videos will appear here" />
      </aside>
    </div>
  );
}
