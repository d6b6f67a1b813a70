import { ImageUp } from 'lucide-react';
import { useEffect, useState, type ChangeEvent } from 'react';
import { inputClass } from '../../../../components/ui/text-field';
import { cn } from '../../../../lib/cn';
import { formatMegabytes, thumbnailProblem } from '../../utils/upload-rules';
import { FieldFrame } from './field-frame';

type ThumbnailPickerProps = {
  file: File | null;
  error: string | undefined;
  onChange: (file: File | null, problem: string | null) => void;
};

/** A local preview URL for the chosen image, released as soon as it is replaced. */
function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

export function ThumbnailPicker({ file, error, onChange }: ThumbnailPickerProps) {
  const preview = usePreviewUrl(file);

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.currentTarget.files?.[0] ?? null;
    if (!picked) {
      onChange(null, null);
      return;
    }
    const problem = thumbnailProblem(picked);
    // A rejected file must not stay selected in the input either.
    if (problem) event.currentTarget.value = '';
    onChange(problem ? null : picked, problem);
  };

  return (
    <FieldFrame
      label="Thumbnail"
      error={error}
      hint="An image that shows what's in your video (up to 25 MB)."
    >
      {({ id, describedBy, invalid }) => (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <div className="flex aspect-video w-full shrink-0 items-center justify-center overflow-hidden rounded-lg border border-dashed border-line bg-page sm:w-44">
            {preview ? (
              <img src={preview} alt="" className="size-full object-cover" />
            ) : (
              <ImageUp className="size-8 text-ink-muted" aria-hidden />
            )}
          </div>
          <div className="flex min-w-0 flex-1 flex-col gap-2">
            <input
              id={id}
              type="file"
              accept="image/*"
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              onChange={onPick}
              className={cn(
                inputClass,
                'cursor-pointer py-2 file:mr-3 file:cursor-pointer file:rounded-full file:border-0 file:bg-hover file:px-4 file:py-1.5 file:text-sm file:font-medium file:text-ink-strong hover:file:bg-active',
              )}
            />
            {file ? (
              <p className="truncate text-xs text-ink-muted">
                {file.name} · {formatMegabytes(file.size)}
              </p>
            ) : null}
          </div>
        </div>
      )}
    </FieldFrame>
  );
}
