import { ImageUp } from 'lucide-react';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { buttonStyles } from '../../../../components/ui/button-styles';
import { cn } from '../../../../lib/cn';
import { formatDuration } from '../../../../lib/format';
import { useVideoFrames, type FrameSource } from '../../hooks/use-video-frames';
import { formatMegabytes, thumbnailProblem } from '../../utils/upload-rules';
import { FieldFrame } from './field-frame';

type ThumbnailPickerProps = {
  file: File | null;
  error: string | undefined;
  onChange: (file: File | null, problem: string | null) => void;
  /** The thumbnail the video has now (editing); shown until another is chosen. */
  current?: string;
  /** Where frames of the video come from, to pick one as the thumbnail. */
  frames?: FrameSource;
  hint?: string;
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

/**
 * The thumbnail field of the upload wizard and of the studio's edit form: a preview, an image
 * dropped on it or chosen with "Choose image", or one of three frames of the video (the local
 * file while uploading; the processed video once processing has made it). The button stays
 * where it is after a pick, so keyboard focus does too.
 */
export function ThumbnailPicker({
  file,
  error,
  onChange,
  current,
  frames: source,
  hint = 'An image that shows what’s in your video (up to 25 MB): drop one on the preview, choose one, or pick a frame.',
}: ThumbnailPickerProps) {
  const preview = usePreviewUrl(file);
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const frames = useVideoFrames(source);
  const shown = preview ?? current ?? null;

  // Cleared from outside (Discard, a save): the input forgets its file too.
  useEffect(() => {
    if (!file && input.current) input.current.value = '';
  }, [file]);

  const accept = (picked: File | null) => {
    if (!picked) return onChange(null, null);
    const problem = thumbnailProblem(picked);
    // A rejected file must not stay selected in the input either.
    if (problem && input.current) input.current.value = '';
    onChange(problem ? null : picked, problem);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    accept(event.dataTransfer.files[0] ?? null);
  };

  return (
    <FieldFrame label="Thumbnail" error={error} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <div className="flex flex-col gap-3">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <div
              data-testid="thumbnail-drop"
              onDragEnter={(event) => {
                event.preventDefault();
                setDragging(true);
              }}
              onDragOver={(event) => event.preventDefault()}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
              className={cn(
                'flex aspect-video w-full shrink-0 items-center justify-center overflow-hidden rounded-lg border border-dashed bg-page sm:w-56',
                dragging ? 'border-accent bg-accent/10' : 'border-line',
              )}
            >
              {shown ? (
                <img
                  src={shown}
                  alt={preview ? 'New thumbnail' : 'Current thumbnail'}
                  className="size-full object-cover"
                />
              ) : (
                <span className="flex flex-col items-center gap-1 px-3 text-center text-xs text-ink-muted">
                  <ImageUp className="size-8" aria-hidden />
                  Drop an image here
                </span>
              )}
            </div>
            <div className="flex min-w-0 flex-1 flex-col items-start gap-2">
              <input
                ref={input}
                id={id}
                type="file"
                accept="image/*"
                // The button below is the way in for keyboards; the input is its file chooser.
                tabIndex={-1}
                aria-invalid={invalid || undefined}
                aria-describedby={describedBy}
                onChange={(event) => accept(event.currentTarget.files?.[0] ?? null)}
                className="sr-only"
              />
              <button
                type="button"
                className={buttonStyles.secondary}
                aria-describedby={describedBy}
                onClick={() => input.current?.click()}
              >
                <ImageUp className="size-4" aria-hidden />
                Choose image
              </button>
              {file ? (
                <p className="max-w-full truncate text-xs text-ink-muted">
                  {file.name} · {formatMegabytes(file.size)}
                </p>
              ) : null}
            </div>
          </div>
          <FrameChoices state={frames} selected={file} onPick={(frame) => accept(frame)} />
        </div>
      )}
    </FieldFrame>
  );
}

function FrameChoices({
  state,
  selected,
  onPick,
}: {
  state: ReturnType<typeof useVideoFrames>;
  selected: File | null;
  onPick: (file: File) => void;
}) {
  if (state.status === 'none' || state.status === 'unavailable') return null;
  if (state.status !== 'ready') {
    return (
      <p className="text-xs text-ink-muted" role="status">
        {state.status === 'waiting'
          ? 'Frames from the video appear here once processing has made them.'
          : 'Taking frames from the video…'}
      </p>
    );
  }
  return (
    <div role="radiogroup" aria-label="Frames from the video" className="flex flex-wrap gap-2">
      {state.frames.map((frame) => {
        const checked = selected === frame.file;
        return (
          <button
            key={frame.preview}
            type="button"
            role="radio"
            aria-checked={checked}
            aria-label={`Frame at ${formatDuration(frame.at)}`}
            onClick={() => onPick(frame.file)}
            className={cn(
              'aspect-video w-28 overflow-hidden rounded-md border-2 transition-colors',
              checked ? 'border-accent' : 'border-transparent hover:border-line',
            )}
          >
            <img src={frame.preview} alt="" className="size-full object-cover" />
          </button>
        );
      })}
    </div>
  );
}
