import { CircleAlert, LoaderCircle, X } from 'lucide-react';
import { createPortal } from 'react-dom';
import { buttonStyles } from '../../../components/ui/button-styles';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { UploadProcessing } from './upload-processing';
import type { UploadState } from '../hooks/use-video-upload';

type UploadProgressProps = { state: UploadState; onCancel: () => void; onDismiss: () => void };

/**
 * Bottom-corner panel that follows an upload after its dialog has closed. Portalled to <body>:
 * the top bar's backdrop blur would otherwise pin a fixed child to the bar.
 */
export function UploadProgress({ state, onCancel, onDismiss }: UploadProgressProps) {
  if (state.status === 'idle') return null;

  return createPortal(
    <div
      role="status"
      aria-label="Upload progress"
      className="fixed right-4 bottom-4 z-50 w-[min(22rem,calc(100vw-2rem))] rounded-xl border border-line bg-raised p-4 text-sm shadow-2xl shadow-black/50"
    >
      {state.status === 'success' ? (
        <>
          <UploadProcessing uploaded={state.video} onDismiss={onDismiss} />
          {state.warning ? <p className="mt-2 text-xs text-red-300">{state.warning}</p> : null}
        </>
      ) : (
        <div className="flex items-start gap-3">
          {state.status === 'uploading' ? (
            <LoaderCircle className="mt-0.5 size-5 shrink-0 animate-spin text-accent" aria-hidden />
          ) : (
            <CircleAlert className="mt-0.5 size-5 shrink-0 text-red-400" aria-hidden />
          )}
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium text-ink-strong">{state.title}</p>
            {state.status === 'uploading' ? (
              <p className="text-ink-muted">
                {state.percent < 100
                  ? `Uploading… ${state.percent}%`
                  : 'Upload complete, checking the file…'}
              </p>
            ) : null}
            {state.status === 'error' ? <p className="text-red-300">{state.message}</p> : null}
          </div>
          {state.status === 'uploading' ? null : (
            <button
              type="button"
              aria-label="Dismiss"
              onClick={onDismiss}
              className="-mt-1 -mr-1 rounded-full p-1.5 text-ink hover:bg-hover"
            >
              <X className="size-4" aria-hidden />
            </button>
          )}
        </div>
      )}

      {state.status === 'uploading' ? (
        <div className="mt-3 flex items-center gap-3">
          <ProgressBar percent={state.percent} label="Upload progress" />
          <button
            type="button"
            aria-label="Cancel upload"
            className={`${buttonStyles.ghost} h-7 px-2`}
            onClick={onCancel}
          >
            Cancel
          </button>
        </div>
      ) : null}
    </div>,
    document.body,
  );
}
