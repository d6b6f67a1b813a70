import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiRequest,
  errorMessage,
  isApiError,
  isNotFound,
  toApiError,
} from './api-client';

afterEach(() => {
  vi.unstubAllGlobals();
});

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

  it('reads the refusal code and the two-factor flag beside the message', () => {
    const gated = toApiError(403, { message: 'Confirm', errors: [], code: 'email_unverified' });
    expect(gated.code).toBe('email_unverified');
    expect(gated.totpRequired).toBe(false);
    const login = toApiError(401, { message: 'Code', errors: [], totpRequired: true });
    expect(login.totpRequired).toBe(true);
    expect(toApiError(401, { message: 'x', code: 5, totpRequired: 'yes' })).toMatchObject({
      code: undefined,
      totpRequired: false,
    });
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

  it('reads a known reason and ignores any other', () => {
    const processing = toApiError(404, {
      message: 'This video is being processed.',
      errors: [],
      reason: 'processing',
    });
    expect(processing.reason).toBe('processing');
    expect(toApiError(404, { message: 'Video not found.', errors: [] }).reason).toBeUndefined();
    expect(toApiError(404, { reason: 'something else' }).reason).toBeUndefined();
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

describe('apiRequest', () => {
  function answer(status: number, body: string, type = 'application/json') {
    return async () =>
      new Response(status === 204 ? null : body, { status, headers: { 'content-type': type } });
  }

  it('returns the parsed body of a success', async () => {
    vi.stubGlobal('fetch', vi.fn(answer(200, '{"success":true}')));
    await expect(apiRequest('/x')).resolves.toEqual({ success: true });
  });

  it('treats a success without a readable body as no answer', async () => {
    vi.stubGlobal('fetch', vi.fn(answer(200, '<html>proxy</html>', 'text/html')));
    await expect(apiRequest('/x')).rejects.toMatchObject({ status: 0 });
    vi.stubGlobal('fetch', vi.fn(answer(200, '{"cut', 'application/json')));
    await expect(apiRequest('/x')).rejects.toMatchObject({ status: 0 });
  });

  it('accepts an empty 204', async () => {
    vi.stubGlobal('fetch', vi.fn(answer(204, '')));
    await expect(apiRequest('/x')).resolves.toBeNull();
  });
});

describe('isNotFound', () => {
  it('is a 404 answer', () => {
    expect(isNotFound(new ApiError(404, 'Not found'))).toBe(true);
  });

  it('is no other failure, and nothing that is not an answer', () => {
    for (const status of [0, 400, 401, 403, 500, 503]) {
      expect(isNotFound(new ApiError(status, 'failed'))).toBe(false);
    }
    expect(isNotFound(new Error('404'))).toBe(false);
    expect(isNotFound(null)).toBe(false);
  });
});
