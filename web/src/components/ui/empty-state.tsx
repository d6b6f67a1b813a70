import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

type EmptyStateProps = {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
  className?: string;
};

export function EmptyState({ icon: Icon, title, children, className }: EmptyStateProps) {
  return (
    <div
      className={cn(
        'flex flex-col items-center justify-center gap-3 rounded-2xl border border-dashed border-line px-6 py-16 text-center',
        className,
      )}
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-raised">
        <Icon className="size-7 text-ink-muted" aria-hidden />
      </span>
      <p className="text-base font-medium text-ink-strong">{title}</p>
      {children ? <div className="max-w-md text-sm text-ink-muted">{children}</div> : null}
    </div>
  );
}
