import { isNotFound } from '../../../lib/api-client';

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
  return result.status === 'error' && isNotFound(result.error) ? null : undefined;
}
