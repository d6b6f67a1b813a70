import type { FieldError } from '@contract';

export function ok<T>(data: T, message = 'OK', statusCode = 200) {
  return { statusCode, success: true as const, message, data };
}

export function fail(statusCode: number, message: string, errors: FieldError[] = []) {
  return { statusCode, success: false as const, message, errors };
}
