import { isApiError } from '../../../lib/api-client';

export const UPLOAD_FAILED = 'Upload failed. Please try again.';
export const UPLOAD_OFFLINE = 'Could not reach the server. Check your connection and try again.';
export const UPLOAD_SIGNED_OUT = 'Your session has ended. Please sign in again to upload.';

/** The server's own words when it sent any, otherwise a message that says what to do next. */
export function uploadErrorMessage(error: unknown): string {
  if (!isApiError(error)) return UPLOAD_FAILED;
  if (error.message.trim() !== '') return error.message;
  if (error.status === 0) return UPLOAD_OFFLINE;
  if (error.status === 401) return UPLOAD_SIGNED_OUT;
  return UPLOAD_FAILED;
}
