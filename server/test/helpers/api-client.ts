import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './test-app.js';

export type Method = 'GET' | 'POST' | 'DELETE' | 'PATCH' | 'PUT';

/** A JSON call to /api/v1, optionally signed in with a Cookie header. */
export function apiCall(
  t: TestApp,
  method: Method,
  url: string,
  opts: { cookie?: string; payload?: unknown } = {},
): Promise<LightMyRequestResponse> {
  return t.server.inject({
    method,
    url: `/api/v1${url}`,
    headers: opts.cookie ? { cookie: opts.cookie } : {},
    ...(opts.payload !== undefined ? { payload: opts.payload as object } : {}),
  });
}
