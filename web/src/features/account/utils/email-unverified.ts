import { ERROR_CODES } from '@contract';
import { isApiError } from '../../../lib/api-client';

/** The refusal an unconfirmed address gets for uploads, comments and reports. */
export function isEmailUnverified(error: unknown): boolean {
  return isApiError(error) && error.code === ERROR_CODES.emailUnverified;
}
