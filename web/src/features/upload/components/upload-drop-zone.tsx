import { formatBytes } from '@contract';
import { Upload } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { buttonStyles } from '../../../components/ui/button-styles';
import { FormError } from '../../../components/ui/form-error';
import { cn } from '../../../lib/cn';
import { useStorage } from '../api/get-storage';
import { isVideoFile, videoFileProblem, videoContainerProblem } from '../utils/upload-rules';

type UploadDropZoneProps = { onFileAccepted: (file: File) => void };

/** Stage 1: pick or drop one video; anything that is not an acceptable video is refused here. */
export function UploadDropZone({ onFileAccepted }: UploadDropZoneProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // The limit and its message are the server's (UPLOAD_MAX_BYTES).
  const storage = useStorage();
  const limits = storage.data;

  const take = async (files: FileList | null) => {
    const list = Array.from(files ?? []);
    if (list.length === 0) return;
    // Of several dropped files, the first video wins; the rest are ignored.
    const file = list.find(isVideoFile) ?? list[0]!;
    // The container is checked from the file's first bytes now, not when the upload ends.
    const limit = limits ?? (await storage.refetch()).data;
    const reason = videoFileProblem(file, limit) ?? (await videoContainerProblem(file));
    setProblem(reason);
    if (!reason) onFileAccepted(file);
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    void take(input.files).finally(() => {
      // Clearing lets the same file be picked again after an error.
      input.value = '';
    });
  };

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    void take(event.dataTransfer.files);
  };

  return (
    <div className="flex flex-col gap-4">
      <div
        onDragOver={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex flex-col items-center gap-5 rounded-xl border-2 border-dashed px-6 py-12 text-center transition-colors',
          dragging ? 'border-accent bg-accent/10' : 'border-line',
        )}
      >
        <span className="flex size-28 items-center justify-center rounded-full bg-hover">
          <Upload className="size-12 text-ink-muted" aria-hidden />
        </span>
        <div className="space-y-1">
          <p className="text-base font-medium text-ink-strong">
            Drag and drop a video file to upload
          </p>
          <p id={hintId} className="text-sm text-ink-muted">
            Your videos will be private until you publish them.
            {limits ? ` Video files up to ${formatBytes(limits.maxUploadBytes)}.` : ''}
          </p>
        </div>
        <input
          ref={inputRef}
          type="file"
          accept="video/*"
          aria-label="Select video file"
          aria-describedby={hintId}
          className="sr-only"
          tabIndex={-1}
          onChange={onChange}
        />
        <button
          type="button"
          className={buttonStyles.light}
          onClick={() => inputRef.current?.click()}
        >
          Select files
        </button>
      </div>
      {problem ? <FormError message={problem} /> : null}
    </div>
  );
}
