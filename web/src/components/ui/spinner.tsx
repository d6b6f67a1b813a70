import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/cn';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" className={cn('inline-flex items-center justify-center', className)}>
      <LoaderCircle className="size-8 animate-spin text-ink-muted" aria-hidden />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Fills the content area while a page chunk or the session check is on its way. */
export function PageSpinner() {
  return (
    <div className="flex min-h-[50vh] w-full items-center justify-center">
      <Spinner />
    </div>
  );
}
