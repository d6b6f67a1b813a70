import { CircleCheck } from 'lucide-react';

/** The copyright check has no backend; the product shows it as always clear. */
export function ChecksStep() {
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-ink-muted">
        We&apos;ll check your video for issues that may restrict its visibility.
      </p>
      <div className="flex items-center gap-4 rounded-lg border border-line bg-page px-4 py-3">
        <div className="min-w-0 flex-1">
          <p className="text-sm font-medium text-ink-strong">Copyright</p>
          <p className="text-sm text-ink-muted">No issues found</p>
        </div>
        <CircleCheck className="size-6 shrink-0 text-green-500" aria-hidden />
      </div>
    </div>
  );
}
