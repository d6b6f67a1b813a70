import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export function PageHeading({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <h1 className={cn('text-2xl font-bold tracking-tight text-ink-strong sm:text-3xl', className)}>
      {children}
    </h1>
  );
}
