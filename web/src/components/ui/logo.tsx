import { Play } from 'lucide-react';
import { cn } from '../../lib/cn';

type LogoProps = {
  className?: string;
  /** Lets narrow layouts drop the word and keep only the mark. */
  wordClassName?: string;
  suffix?: string;
};

export function Logo({ className, wordClassName, suffix }: LogoProps) {
  return (
    <span className={cn('inline-flex items-center gap-1.5', className)}>
      <span className="flex h-6 w-8 items-center justify-center rounded-md bg-brand" aria-hidden>
        <Play className="size-3.5 fill-white text-white" />
      </span>
      <span className={cn('text-lg font-bold tracking-tight text-ink-strong', wordClassName)}>
        Vidshare
      </span>
      {suffix ? (
        <span className={cn('text-lg font-medium text-ink', wordClassName)}>{suffix}</span>
      ) : null}
    </span>
  );
}
