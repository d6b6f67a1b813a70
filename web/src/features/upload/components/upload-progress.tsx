import { ROUTES } from '@contract';
import { CircleAlert, CircleCheck, LoaderCircle, X } from 'lucide-react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import { buttonStyles } from '../../../components/ui/button-styles';
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
      <div className="flex items-start gap-3">
        {state.status === 'uploading' ? (
          <LoaderCircle className="mt-0.5 size-5 shrink-0 animate-spin text-accent" aria-hidden />
        ) : state.status === 'success' ? (
          <CircleCheck className="mt-0.5 size-5 shrink-0 text-green-500" aria-hidden />
        ) : (
          <CircleAlert className="mt-0.5 size-5 shrink-0 text-red-400" aria-hidden />
        )}
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium text-ink-strong">{state.title}</p>
          {state.status === 'uploading' ? (
            <p className="text-ink-muted">
              {state.percent < 100 ? `Uploading… ${state.percent}%` : 'Processing…'}
            </p>
          ) : null}
          {state.status === 'success' ? <p className="text-ink">Upload complete</p> : null}
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

      {state.status === 'uploading' ? (
        <div className="mt-3 flex items-center gap-3">
          <div
            role="progressbar"
            aria-label="Upload progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={state.percent}
            className="h-1.5 flex-1 overflow-hidden rounded-full bg-hover"
          >
            <div
              className="h-full rounded-full bg-accent transition-[width] duration-200"
              style={{ width: `${state.percent}%` }}
            />
          </div>
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

      {state.status === 'success' ? (
        <Link
          to={ROUTES.watch(state.video._id)}
          onClick={onDismiss}
          className="mt-2 inline-block font-medium text-accent hover:underline"
        >
          Watch video
        </Link>
      ) : null}
    </div>,
    document.body,
  );
}
