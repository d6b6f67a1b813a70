import { isStorageUnavailable } from '../lib/storage-errors.js';

/** Errno codes of a full disk (or of the account's quota on it); ffmpeg's own says ENOSPC. */
const OUT_OF_SPACE = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL', '53100']);

/**
 * The failure was the server running out of space (a call's errno, the database's code, or
 * ffmpeg unable to write its outputs to scratch): not the file's fault, so it is retried, and
 * the owner is told.
 */
export function isOutOfSpace(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && OUT_OF_SPACE.has(code);
}

/**
 * What the owner reads when processing failed for a reason outside the file itself, after its
 * retries: the server's condition when it is known (a full disk, a media store out of reach),
 * so the owner knows a Retry later may well succeed, else a plain "unexpectedly".
 */
export function unexpectedFailureReason(err: unknown): string {
  if (isOutOfSpace(err)) {
    return 'Processing stopped because the server ran out of storage space. Retry later.';
  }
  if (isStorageUnavailable(err)) {
    return 'Processing stopped because media storage could not be reached. Retry later.';
  }
  return 'Processing failed unexpectedly.';
}
