import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { isServerAway, retryDelay, shouldRetry } from './query-client';

describe('shouldRetry', () => {
  it('never retries client errors', () => {
    expect(shouldRetry(0, new ApiError(401, 'Unauthorized'))).toBe(false);
    expect(shouldRetry(0, new ApiError(404, 'Not found'))).toBe(false);
    expect(shouldRetry(0, new ApiError(429, 'Slow down'))).toBe(false);
  });

  it('retries other server errors a bounded number of times', () => {
    expect(shouldRetry(1, new ApiError(500, 'Broken'))).toBe(true);
    expect(shouldRetry(2, new ApiError(500, 'Broken'))).toBe(false);
    expect(shouldRetry(0, new TypeError('x'))).toBe(true);
    expect(shouldRetry(2, new TypeError('x'))).toBe(false);
  });

  it('keeps trying while the server is away, however long', () => {
    for (const status of [0, 502, 503, 504]) {
      expect(isServerAway(new ApiError(status, ''))).toBe(true);
      expect(shouldRetry(50, new ApiError(status, ''))).toBe(true);
    }
    expect(isServerAway(new ApiError(500, ''))).toBe(false);
    expect(isServerAway(new TypeError('x'))).toBe(false);
  });
});

describe('retryDelay', () => {
  it('doubles from a second up to ten', () => {
    expect([0, 1, 2, 3, 4, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
  });
});
