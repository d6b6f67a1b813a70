import { useId, type InputHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  invalid?: boolean;
  hint?: string;
  /** The field's problem, said under it as the person types (it also marks it invalid). */
  error?: string | null;
  /** Shows "used/max" beside the label; the input takes no more than max (maxLength). */
  counter?: { used: number; max: number };
};

export const inputClass =
  'w-full rounded-lg border border-line bg-page px-3.5 py-2.5 text-sm text-ink-strong placeholder:text-ink-muted transition-colors hover:border-ink-muted/60 focus:border-accent focus:outline-none focus-visible:outline-none aria-invalid:border-red-500';

/** A labelled input; the label is a real <label for> so it names the control for everyone. */
export function TextField({
  label,
  invalid = false,
  hint,
  error = null,
  counter,
  className,
  type,
  ...props
}: TextFieldProps) {
  const id = useId();
  const hintId = useId();
  const errorId = useId();
  const isFile = type === 'file';
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-ink">
          {label}
        </label>
        {counter ? (
          // The limit itself is in the hint; the running count is for the eye.
          <span
            aria-hidden
            data-testid="field-counter"
            className={cn(
              'text-xs tabular-nums',
              counter.used >= counter.max ? 'text-red-300' : 'text-ink-muted',
            )}
          >
            {counter.used}/{counter.max}
          </span>
        ) : null}
      </div>
      <input
        id={id}
        type={type}
        aria-invalid={invalid || error ? true : undefined}
        aria-describedby={describedBy || undefined}
        maxLength={counter?.max}
        className={cn(
          inputClass,
          isFile &&
            'cursor-pointer py-2 file:mr-3 file:cursor-pointer file:rounded-full file:border-0 file:bg-hover file:px-4 file:py-1.5 file:text-sm file:font-medium file:text-ink-strong hover:file:bg-active',
        )}
        {...props}
      />
      {hint ? (
        <p id={hintId} className="text-xs text-ink-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-xs text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}
