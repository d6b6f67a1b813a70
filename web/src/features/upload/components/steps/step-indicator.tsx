import { Check } from 'lucide-react';
import { cn } from '../../../../lib/cn';
import { UPLOAD_STEPS } from '../../utils/upload-rules';

/** Where people are in the wizard; purely informative, moving happens with Previous and Next. */
export function StepIndicator({ step }: { step: number }) {
  return (
    <ol aria-label="Upload steps" className="flex items-start gap-2">
      {UPLOAD_STEPS.map((name, index) => {
        const done = index < step;
        const current = index === step;
        return (
          <li
            key={name}
            aria-current={current ? 'step' : undefined}
            className="flex min-w-0 flex-1 flex-col items-center gap-1.5 text-center"
          >
            <span className="flex w-full items-center">
              <span className={cn('h-0.5 flex-1', index === 0 ? 'invisible' : 'bg-line')} />
              <span
                className={cn(
                  'mx-1 flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
                  current && 'bg-accent text-black',
                  done && 'bg-ink-strong text-black',
                  !current && !done && 'border border-ink-muted text-ink-muted',
                )}
              >
                {done ? <Check className="size-3.5" aria-hidden /> : index + 1}
              </span>
              <span
                className={cn(
                  'h-0.5 flex-1',
                  index === UPLOAD_STEPS.length - 1 ? 'invisible' : 'bg-line',
                )}
              />
            </span>
            <span
              className={cn(
                'truncate text-xs',
                current ? 'font-medium text-ink-strong' : 'text-ink-muted',
              )}
            >
              {name}
              {done ? <span className="sr-only"> (done)</span> : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
