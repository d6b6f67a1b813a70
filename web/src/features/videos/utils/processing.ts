import type { Video } from '@contract';

/** How often a page showing a video still being processed asks for its state. */
export const PROCESSING_POLL_MS = 1500;

type ProcessingFields = Pick<Video, 'status' | 'processingProgress' | 'playable'>;

/** TanStack Query's refetchInterval for a video: only while it is still being processed. */
export function processingPollInterval(video: ProcessingFields | undefined): number | false {
  return video?.status === 'processing' ? PROCESSING_POLL_MS : false;
}

/** True when any of the videos is still being processed. */
export function anyProcessing(videos: readonly ProcessingFields[] | undefined): boolean {
  return (videos ?? []).some((v) => v.status === 'processing');
}

/** What the owner reads about a video's processing; undefined once it is ready. */
export function processingLabel(video: ProcessingFields): string | undefined {
  if (video.status === 'failed') return 'Processing failed';
  if (video.status === 'processing') return `Processing… ${video.processingProgress} %`;
  return undefined;
}
