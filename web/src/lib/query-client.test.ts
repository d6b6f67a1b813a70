import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { shouldRetry } from './query-client';

describe('shouldRetry', () => {
  it('never retries client errors', () => {
    expect(shouldRetry(0, new ApiError(401, 'Unauthorized'))).toBe(false);
    expect(shouldRetry(0, new ApiError(404, 'Not found'))).toBe(false);
    expect(shouldRetry(0, new ApiError(429, 'Slow down'))).toBe(false);
  });

  it('retries transport and server errors a bounded number of times', () => {
    expect(shouldRetry(0, new ApiError(0, ''))).toBe(true);
    expect(shouldRetry(1, new ApiError(503, 'Unavailable'))).toBe(true);
    expect(shouldRetry(2, new ApiError(503, 'Unavailable'))).toBe(false);
    expect(shouldRetry(0, new TypeError('x'))).toBe(true);
  });
});
