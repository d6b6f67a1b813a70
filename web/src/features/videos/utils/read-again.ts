import { isApiError } from '../../../lib/api-client';

/** A finished read of a query, as TanStack Query's refetch resolves it. */
type ReadResult<T> = {
  status: 'pending' | 'success' | 'error';
  data: T | undefined;
  error: unknown;
};

/**
 * What a video read again says: the video as it is now; null when it is gone for this viewer
 * (404: deleted, made private, blocked); undefined when the read failed for another reason
 * (a server error after its retries), which says nothing about where the video is.
 */
export function readAgainOutcome<T>(result: ReadResult<T>): T | null | undefined {
  if (result.status === 'success') return result.data;
  return result.status === 'error' && isVideoGone(result.error) ? null : undefined;
}

/**
 * Whether a read's error says the video is gone for this viewer (404: deleted, made private,
 * blocked). A page that shows a video gives way only then, or when it has nothing to show: a
 * background read that failed for another reason (a focus refetch during an outage) keeps the
 * page, and a player in the middle of playback goes on.
 */
export function isVideoGone(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}
