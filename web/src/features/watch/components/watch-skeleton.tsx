/** The shape of the watch page while the video's details are on their way. */
export function WatchSkeleton() {
  return (
    <div role="status" aria-label="Loading video" className="min-w-0 flex-1">
      <div className="aspect-video w-full animate-pulse rounded-xl bg-hover" />
      <div className="mt-4 h-6 w-3/4 animate-pulse rounded bg-hover" />
      <div className="mt-4 flex items-center gap-3">
        <div className="size-10 animate-pulse rounded-full bg-hover" />
        <div className="flex flex-col gap-2">
          <div className="h-4 w-32 animate-pulse rounded bg-hover" />
          <div className="h-3 w-24 animate-pulse rounded bg-hover" />
        </div>
      </div>
      <div className="mt-4 h-24 w-full animate-pulse rounded-xl bg-hover" />
    </div>
  );
}
