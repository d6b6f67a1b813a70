import type { ErrorReason, FieldError } from '@contract';

/** An expected refusal: its status and message go to the client as they are. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors: FieldError[] = [],
    readonly headers: Record<string, string> = {},
    /** Fields beside `message` at the top level (`code`, `totpRequired`, `reason`). */
    readonly extra: Record<string, string | boolean> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, errors: FieldError[] = []) =>
  new AppError(400, message, errors);
export const unauthorized = (message = 'Sign in to continue.') => new AppError(401, message);
export const forbidden = (message = 'You are not allowed to do this.') =>
  new AppError(403, message);
export const notFound = (message: string) => new AppError(404, message);
/** A 404 with a reason: the video exists but is still being processed (no title revealed). */
export const stillProcessing = (message: string) =>
  new AppError(404, message, [], {}, { reason: 'processing' satisfies ErrorReason });
export const conflict = (message: string, errors: FieldError[] = []) =>
  new AppError(409, message, errors);
export const payloadTooLarge = (message: string, errors: FieldError[] = []) =>
  new AppError(413, message, errors);
export const unsupportedMedia = (message: string, errors: FieldError[] = []) =>
  new AppError(415, message, errors);
export const tooManyRequests = (
  retryAfterSeconds: number,
  message = 'Too many attempts. Please try again later.',
) =>
  new AppError(429, message, [], {
    'retry-after': String(retryAfterSeconds),
  });
