import type { Video } from '@contract';
import { CircleAlert, LoaderCircle, RefreshCw } from 'lucide-react';
import { buttonStyles } from '../../../components/ui/button-styles';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { errorMessage } from '../../../lib/api-client';
import { useRetryProcessing } from '../api/retry-processing';
import { isWaiting, processingLabel } from '../utils/processing';

type ProcessingFields = Pick<
  Video,
  '_id' | 'status' | 'playable' | 'processingProgress' | 'processingError'
> & { queuePosition?: number | null };

/**
 * What the owner sees of a video that cannot play yet: its processing percent, or why it
 * failed with a Retry. `compact` for the upload panel; the watch page shows it in the player's place.
 */
export function ProcessingNotice({
  video,
  compact = false,
}: {
  video: ProcessingFields;
  compact?: boolean;
}) {
  const retry = useRetryProcessing();
  const failed = video.status === 'failed';
  const waiting = isWaiting(video);
  const label = processingLabel(video) ?? 'Ready';
  return (
    <div
      className={
        compact ? 'flex flex-col gap-2' : 'flex flex-col items-center gap-3 px-6 text-center'
      }
    >
      <p className="flex items-center gap-2 font-medium text-ink-strong">
        {failed ? (
          <CircleAlert className="size-5 shrink-0 text-red-400" aria-hidden />
        ) : (
          <LoaderCircle className="size-5 shrink-0 animate-spin text-accent" aria-hidden />
        )}
        <span>{label}</span>
      </p>
      {failed ? (
        <>
          <p className="text-sm text-red-300">
            {video.processingError ?? 'The video could not be processed.'}
          </p>
          <div>
            <button
              type="button"
              className={buttonStyles.secondary}
              disabled={retry.isPending}
              onClick={() => retry.mutate(video._id)}
            >
              <RefreshCw className="size-4" aria-hidden />
              Retry
            </button>
          </div>
          {retry.isError ? (
            <p role="alert" className="text-sm text-red-300">
              {errorMessage(retry.error, 'The video could not be queued again.')}
            </p>
          ) : null}
        </>
      ) : waiting ? null : (
        <div className={compact ? 'flex' : 'flex w-full max-w-sm'}>
          <ProgressBar percent={video.processingProgress} label="Processing progress" />
        </div>
      )}
      {!compact && !failed ? (
        <p className="text-sm text-ink-muted">The video plays here as soon as it is ready.</p>
      ) : null}
    </div>
  );
}
