import { useEffect, useId, useMemo, useRef } from 'react';
import { inputClass } from '../../../components/ui/text-field';
import { cn } from '../../../lib/cn';
import { thumbnailProblem } from '../../upload';

type ThumbnailFieldProps = {
  current: string;
  file: File | null;
  error?: string;
  onChange: (file: File | null, problem: string | null) => void;
};

/** The current thumbnail and a file input to replace it; a rejected file clears the selection. */
export function ThumbnailField({ current, file, error, onChange }: ThumbnailFieldProps) {
  const id = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  // Discard and a successful save clear the chosen file; the input must forget it as well.
  useEffect(() => {
    if (!file && input.current) input.current.value = '';
  }, [file]);

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        Thumbnail
      </label>
      <img
        src={preview ?? current}
        alt={preview ? 'New thumbnail preview' : 'Current thumbnail'}
        className="aspect-video w-56 rounded-lg bg-hover object-cover"
      />
      <input
        ref={input}
        id={id}
        type="file"
        accept="image/*"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => {
          const chosen = event.target.files?.[0] ?? null;
          if (!chosen) return onChange(null, null);
          const problem = thumbnailProblem(chosen);
          if (problem) event.target.value = '';
          onChange(problem ? null : chosen, problem);
        }}
        className={cn(
          inputClass,
          'cursor-pointer py-2 file:mr-3 file:cursor-pointer file:rounded-full file:border-0 file:bg-hover file:px-4 file:py-1.5 file:text-sm file:font-medium file:text-ink-strong',
        )}
      />
      <p className="text-xs text-ink-muted">
        An image of at most 25 MB. Leave empty to keep the current one.
      </p>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
