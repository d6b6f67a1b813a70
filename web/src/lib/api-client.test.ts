import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage, isApiError, toApiError } from './api-client';

describe('toApiError', () => {
  it('reads the message and field errors of the error envelope', () => {
    const error = toApiError(400, {
      statusCode: 400,
      success: false,
      message: 'Validation failed',
      errors: [{ field: 'email', message: 'Email is not a valid address.' }],
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.message).toBe('Validation failed');
    expect(error.fieldErrors).toEqual([
      { field: 'email', message: 'Email is not a valid address.' },
    ]);
  });

  it('survives bodies that are not the envelope', () => {
    expect(toApiError(502, null).message).toBe('');
    expect(toApiError(413, 'Payload Too Large').fieldErrors).toEqual([]);
    const odd = toApiError(400, {
      message: 7,
      errors: [{ message: 'kept' }, 'dropped', { field: 'x' }],
    });
    expect(odd.message).toBe('');
    expect(odd.fieldErrors).toEqual([{ field: '', message: 'kept' }]);
  });
});

describe('errorMessage', () => {
  it('prefers the server message and falls back otherwise', () => {
    expect(
      errorMessage(new ApiError(401, 'Invalid username/email or password.'), 'Login failed'),
    ).toBe('Invalid username/email or password.');
    expect(errorMessage(new ApiError(0, ''), 'Login failed')).toBe('Login failed');
    expect(errorMessage(new ApiError(500, '   '), 'Login failed')).toBe('Login failed');
    expect(errorMessage(new Error('boom'), 'Login failed')).toBe('Login failed');
  });

  it('recognises API errors', () => {
    expect(isApiError(new ApiError(404, 'Not found'))).toBe(true);
    expect(isApiError(new Error('x'))).toBe(false);
  });
});
