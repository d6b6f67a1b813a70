import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

type EmptyStateProps = {
  icon: LucideIcon;
  title: string;
  /**
   * The title as the page's heading: 1 where the empty state is the whole page (a video or a
   * channel not found), so the page still has its h1. A plain paragraph otherwise.
   */
  headingLevel?: 1 | 2;
  children?: ReactNode;
  className?: string;
};

export function EmptyState({
  icon: Icon,
  title,
  headingLevel,
  children,
  className,
}: EmptyStateProps) {
  const Title = headingLevel === 1 ? 'h1' : headingLevel === 2 ? 'h2' : 'p';
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
      <Title className="text-base font-medium text-ink-strong">{title}</Title>
      {children ? <div className="max-w-md text-sm text-ink-muted">{children}</div> : null}
    </div>
  );
}
