import { Pause, Play, X } from 'lucide-react';
import { buttonStyles } from '../../../components/ui/button-styles';
import { ProgressBar } from '../../../components/ui/progress-bar';
import type { TransferState } from '../hooks/use-tus-transfer';
import { formatRate, formatTimeLeft } from '../utils/transfer-rate';
import { formatMegabytes, progressPercent } from '../utils/upload-rules';

type TransferStatusProps = {
  state: TransferState;
  onPause: () => void;
  onResume: () => void;
  onCancel: () => void;
};

/** The file's bytes on their way: a real progress bar, speed, time left, pause, resume, cancel. */
export function TransferStatus({ state, onPause, onResume, onCancel }: TransferStatusProps) {
  const percent = state.phase === 'complete' ? 100 : progressPercent(state.sent, state.total);
  const line =
    state.phase === 'complete'
      ? 'Upload complete'
      : state.phase === 'paused'
        ? `Paused at ${percent}%`
        : state.phase === 'error'
          ? (state.error ?? 'The upload stopped.')
          : `Uploading ${percent}% · ${formatRate(state.bytesPerSecond)} · ${formatTimeLeft(state.secondsLeft)}`;
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-line bg-canvas/40 p-3 text-sm">
      <div className="flex items-center gap-3">
        <ProgressBar percent={percent} label="Upload progress" />
        {state.phase === 'uploading' ? (
          <button type="button" className={`${buttonStyles.ghost} h-7 px-2`} onClick={onPause}>
            <Pause className="size-4" aria-hidden />
            Pause
          </button>
        ) : null}
        {state.phase === 'paused' || state.phase === 'error' ? (
          <button type="button" className={`${buttonStyles.ghost} h-7 px-2`} onClick={onResume}>
            <Play className="size-4" aria-hidden />
            Resume
          </button>
        ) : null}
        {state.phase !== 'complete' ? (
          <button
            type="button"
            aria-label="Cancel upload"
            className={`${buttonStyles.ghost} h-7 px-2`}
            onClick={onCancel}
          >
            <X className="size-4" aria-hidden />
            Cancel
          </button>
        ) : null}
      </div>
      <p className={state.phase === 'error' ? 'text-red-300' : 'text-ink-muted'} aria-live="polite">
        {line}
        {state.resumed && state.phase !== 'complete' ? ' (resumed)' : ''}
        <span className="sr-only">
          {` ${formatMegabytes(state.sent)} of ${formatMegabytes(state.total)}`}
        </span>
      </p>
    </div>
  );
}
