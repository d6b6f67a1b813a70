import type { S3Client } from '@aws-sdk/client-s3';
import { StorageUnavailableError, isStorageUnavailable } from '../lib/storage-errors.js';
import { isUnreachableSocketCode } from '../lib/socket-errors.js';
import { deadlineFor, withDeadline } from './deadline.js';

/** The bucket a call goes to, and how long one request to it may take (`STORAGE_TIMEOUT_MS`). */
export interface S3Bucket {
  readonly client: S3Client;
  readonly bucket: string;
  readonly timeoutMs: number;
}

/**
 * A missing key answers as missing, never as an error. A missing bucket is a misconfiguration
 * and is thrown (a HEAD cannot tell the two apart: readiness's probe write finds it).
 */
export function isMissing(err: unknown): boolean {
  const e = err as { name?: string };
  return e.name === 'NoSuchKey' || e.name === 'NotFound';
}

/**
 * The store's condition rather than a mistake of ours: it could not be reached, dropped the
 * connection, timed out, or answered 5xx. A 4xx (a missing bucket, denied access, a bad
 * request) is a misconfiguration or a bug and is thrown as it is.
 */
export function isStoreUnavailable(err: unknown): boolean {
  if (isStorageUnavailable(err)) return true;
  const e = err as { name?: string; code?: string; $metadata?: { httpStatusCode?: number } };
  const status = e?.$metadata?.httpStatusCode;
  if (typeof status === 'number') return status >= 500;
  return isUnreachableSocketCode(e?.code) || e?.name === 'TimeoutError' || e?.name === 'AbortError';
}

/**
 * Runs one call to the store under its deadline (one `timeoutMs` per 8 MiB it carries),
 * cancelling its request when the deadline passes; a store that is down, frozen or failing
 * surfaces as a StorageUnavailableError.
 */
export async function callStore<T>(
  timeoutMs: number,
  what: string,
  work: (signal: AbortSignal) => Promise<T>,
  bytes = 0,
): Promise<T> {
  try {
    return await withDeadline(`media storage (${what})`, deadlineFor(timeoutMs, bytes), work);
  } catch (err) {
    if (isStorageUnavailable(err) || !isStoreUnavailable(err)) throw err;
    throw new StorageUnavailableError(`media storage (${what}) failed: ${(err as Error).message}`, {
      cause: err,
    });
  }
}
