import { isStorageUnavailable } from '../lib/storage-errors.js';

/** Errno codes of a full disk (or of the account's quota on it). */
const OUT_OF_SPACE = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL', '53100']);

/**
 * What the owner reads when processing failed for a reason outside the file itself, after its
 * retries: the server's condition when it is known (a full disk, a media store out of reach),
 * so the owner knows a Retry later may well succeed, else a plain "unexpectedly".
 */
export function unexpectedFailureReason(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && OUT_OF_SPACE.has(code)) {
    return 'Processing stopped because the server ran out of storage space. Retry later.';
  }
  if (isStorageUnavailable(err)) {
    return 'Processing stopped because media storage could not be reached. Retry later.';
  }
  return 'Processing failed unexpectedly.';
}
