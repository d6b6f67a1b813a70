import { UI_LIMITS } from '../../../lib/ui-constants';

/** Placeholder cards and a running progress bar while a list of videos is on its way. */
export function VideoGridSkeleton({ count = UI_LIMITS.skeletonCount }: { count?: number }) {
  return (
    <div role="status" aria-label="Loading videos">
      <div className="mb-4 h-0.5 w-full overflow-hidden rounded-full bg-hover" aria-hidden>
        <div className="h-full w-2/5 animate-progress rounded-full bg-brand" />
      </div>
      <ul
        aria-hidden
        className="grid grid-cols-1 gap-x-4 gap-y-8 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4"
      >
        {Array.from({ length: count }, (_, index) => (
          <li key={index} data-testid="video-skeleton" className="flex flex-col gap-3">
            <div className="aspect-video w-full animate-pulse rounded-xl bg-hover" />
            <div className="flex gap-3">
              <div className="size-10 shrink-0 animate-pulse rounded-full bg-hover" />
              <div className="flex flex-1 flex-col gap-2 pt-1">
                <div className="h-4 w-11/12 animate-pulse rounded bg-hover" />
                <div className="h-3 w-2/3 animate-pulse rounded bg-hover" />
                <div className="h-3 w-1/2 animate-pulse rounded bg-hover" />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
