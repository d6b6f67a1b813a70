import { useId, type InputHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  invalid?: boolean;
  hint?: string;
};

export const inputClass =
  'w-full rounded-lg border border-line bg-page px-3.5 py-2.5 text-sm text-ink-strong placeholder:text-ink-muted transition-colors hover:border-ink-muted/60 focus:border-accent focus:outline-none focus-visible:outline-none aria-invalid:border-red-500';

/** A labelled input; the label is a real <label for> so it names the control for everyone. */
export function TextField({
  label,
  invalid = false,
  hint,
  className,
  type,
  ...props
}: TextFieldProps) {
  const id = useId();
  const hintId = useId();
  const isFile = type === 'file';
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <input
        id={id}
        type={type}
        aria-invalid={invalid || undefined}
        aria-describedby={hint ? hintId : undefined}
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
    </div>
  );
}
