import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

const MAX_RETRIES = 2;
/** The longest wait between two attempts while the server is away. */
export const RETRY_MAX_MS = 10_000;

/**
 * No answer at all, or a gateway's "the server is not there" (502, 504) or the server's own
 * "busy, come back" (503): the server is away or restarting, not refusing. Such reads are
 * tried again until it answers, so a page recovers by itself when it returns.
 */
export function isServerAway(error: unknown): boolean {
  return isApiError(error) && [0, 502, 503, 504].includes(error.status);
}

/** Client errors will not change on a retry; flaky server errors might, an absent server will. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isServerAway(error)) return true;
  if (failureCount >= MAX_RETRIES) return false;
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return true;
}

/** 1 s, 2 s, 4 s, 8 s, then every 10 s. */
export function retryDelay(failureCount: number): number {
  return Math.min(1000 * 2 ** failureCount, RETRY_MAX_MS);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry, retryDelay },
      mutations: { retry: false },
    },
  });
}
