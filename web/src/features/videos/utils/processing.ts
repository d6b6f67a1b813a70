import type { Video } from '@contract';
import { isApiError } from '../../../lib/api-client';

/** How often a page showing a video still being processed asks for its state. */
export const PROCESSING_POLL_MS = 1500;

type ProcessingFields = Pick<Video, 'status' | 'processingProgress' | 'playable'> & {
  /** The owner's place in the processing queue, while the video waits (single-video answer). */
  queuePosition?: number | null;
};

/** TanStack Query's refetchInterval for a video: only while it is still being processed. */
export function processingPollInterval(video: ProcessingFields | undefined): number | false {
  return video?.status === 'processing' ? PROCESSING_POLL_MS : false;
}

/**
 * The answer a visitor with the link gets for a video still being processed: a 404 whose
 * reason says so. The page says that, without a title, and asks again until it plays.
 */
export function isStillProcessing(error: unknown): boolean {
  return isApiError(error) && error.status === 404 && error.reason === 'processing';
}

/** How often a page waiting for someone else's video to finish processing asks again. */
export const STILL_PROCESSING_POLL_MS = 3000;

/** True when any of the videos is still being processed. */
export function anyProcessing(videos: readonly ProcessingFields[] | undefined): boolean {
  return (videos ?? []).some((v) => v.status === 'processing');
}

/** Whether the video is still in the queue, no worker on it yet. */
export function isWaiting(video: ProcessingFields): boolean {
  return video.status === 'processing' && typeof video.queuePosition === 'number';
}

/**
 * What the owner reads about a video's processing; undefined once it is ready. A video still
 * in the queue says so, with its place, rather than a percent that cannot move yet.
 */
export function processingLabel(video: ProcessingFields): string | undefined {
  if (video.status === 'failed') return 'Processing failed';
  if (isWaiting(video)) {
    return `Waiting to be processed (number ${video.queuePosition} in the queue)`;
  }
  if (video.status === 'processing') return `Processing… ${video.processingProgress} %`;
  return undefined;
}
