import { useId, type ReactNode } from 'react';

type FieldIds = { id: string; describedBy: string | undefined; invalid: boolean };

type FieldFrameProps = {
  label: string;
  error?: string | undefined;
  /** Shown at the end of the label row, e.g. a character counter. */
  aside?: ReactNode;
  hint?: string;
  children: (ids: FieldIds) => ReactNode;
};

/** Label, control, hint and error wired together so the error is announced with the field. */
export function FieldFrame({ label, error, aside, hint, children }: FieldFrameProps) {
  const id = useId();
  const errorId = useId();
  const hintId = useId();
  const describedBy =
    [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium text-ink">
          {label}
        </label>
        {aside}
      </div>
      {children({ id, describedBy, invalid: Boolean(error) })}
      {hint ? (
        <p id={hintId} className="text-xs text-ink-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function CharacterCount({ value, max }: { value: string; max: number }) {
  return (
    <span className="text-xs text-ink-muted tabular-nums" aria-hidden>
      {value.length}/{max}
    </span>
  );
}
