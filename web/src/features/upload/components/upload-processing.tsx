import { ROUTES, type Video } from '@contract';
import { CircleCheck, LoaderCircle, X } from 'lucide-react';
import { Link } from 'react-router';
import { useVideo } from '../../videos';
import { ProcessingNotice } from '../../videos';

/**
 * After the upload answers: the video is processed on the server. The panel follows it (the
 * video query polls while it is processing) to ready, or to the failure's reason with a Retry.
 */
export function UploadProcessing({
  uploaded,
  onDismiss,
}: {
  uploaded: Video;
  onDismiss: () => void;
}) {
  const query = useVideo(uploaded._id);
  const video = query.data ?? uploaded;
  const ready = video.playable;
  return (
    <div className="flex items-start gap-3">
      {ready ? (
        <CircleCheck className="mt-0.5 size-5 shrink-0 text-green-500" aria-hidden />
      ) : video.status === 'failed' ? null : (
        <LoaderCircle className="mt-0.5 size-5 shrink-0 animate-spin text-accent" aria-hidden />
      )}
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-ink-strong">{video.title}</p>
        {ready ? (
          <>
            <p className="text-ink">Ready to watch</p>
            <Link
              to={ROUTES.watch(video._id)}
              onClick={onDismiss}
              className="mt-2 inline-block font-medium text-accent hover:underline"
            >
              Watch video
            </Link>
          </>
        ) : (
          <div className="mt-1">
            <ProcessingNotice video={video} compact />
          </div>
        )}
      </div>
      <button
        type="button"
        aria-label="Dismiss"
        onClick={onDismiss}
        className="-mt-1 -mr-1 rounded-full p-1.5 text-ink hover:bg-hover"
      >
        <X className="size-4" aria-hidden />
      </button>
    </div>
  );
}
