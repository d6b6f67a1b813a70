import { AppError } from './errors.js';

export const OUT_OF_SPACE =
  'The server is out of storage space, so the upload was not saved. Please try again later.';

/** Errno codes that mean the disk (or the account's quota on it) is full. */
const OUT_OF_SPACE_CODES = new Set(['ENOSPC', 'EDQUOT']);

/**
 * A full disk is the server's condition, not a fault in the request or the code: it is answered
 * 507 Insufficient Storage with a clear message instead of a generic 500.
 */
export function storageErrorOf(err: unknown): AppError | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && OUT_OF_SPACE_CODES.has(code)
    ? new AppError(507, OUT_OF_SPACE)
    : undefined;
}
