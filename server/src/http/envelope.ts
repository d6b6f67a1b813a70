import type { ErrorReason, FieldError } from '@contract';

export function ok<T>(data: T, message = 'OK', statusCode = 200) {
  return { statusCode, success: true as const, message, data };
}

export function fail(
  statusCode: number,
  message: string,
  errors: FieldError[] = [],
  reason?: ErrorReason,
) {
  const body = { statusCode, success: false as const, message, errors };
  return reason ? { ...body, reason } : body;
}
