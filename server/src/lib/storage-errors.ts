import { AppError } from './errors.js';

export const OUT_OF_SPACE =
  'The server is out of storage space, so the upload was not saved. Please try again later.';

/** Errno codes that mean the disk (or the account's quota on it) is full. */
const OUT_OF_SPACE_CODES = new Set(['ENOSPC', 'EDQUOT']);

/**
 * A full disk is the server's condition, not a fault in the request or the code: it is answered
 * 507 Insufficient Storage with a clear message instead of a generic 500. A media store that
 * cannot be reached is 503 with Retry-After.
 */
export function storageErrorOf(err: unknown): AppError | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'STORAGE_UNAVAILABLE') {
    return new AppError(503, STORAGE_UNAVAILABLE, [], {
      'retry-after': String(RETRY_AFTER_STORAGE_SECONDS),
    });
  }
  return typeof code === 'string' && OUT_OF_SPACE_CODES.has(code)
    ? new AppError(507, OUT_OF_SPACE)
    : undefined;
}

/** A store coming back (a restart, a network blip) takes some seconds. */
export const RETRY_AFTER_STORAGE_SECONDS = 5;

export const STORAGE_UNAVAILABLE =
  'Media storage cannot be reached right now. Please try again in a moment.';

/**
 * The media store did not answer within `STORAGE_TIMEOUT_MS`, refused the connection, or
 * answered that it is failing (a 5xx): its condition, not the request's. Answered 503 with
 * Retry-After; the processing worker retries the job later.
 */
export class StorageUnavailableError extends Error {
  readonly code = 'STORAGE_UNAVAILABLE';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageUnavailableError';
  }
}

export function isStorageUnavailable(err: unknown): err is StorageUnavailableError {
  return (err as { code?: unknown } | null)?.code === 'STORAGE_UNAVAILABLE';
}
