import type { Role } from '@contract';
import { signedInUser } from './fixtures.js';
import type { TestApp } from './test-app.js';

export type SignedIn = Awaited<ReturnType<typeof signedInUser>>;

/**
 * A signed-in user given `role` in the database: the session reads the account's row on each
 * request, so the role applies to the session already open.
 */
export async function staffUser(t: TestApp, role: Role, prefix: string = role): Promise<SignedIn> {
  const user = await signedInUser(t.server, prefix);
  await t.database.db.updateTable('users').set({ role }).where('id', '=', user.user._id).execute();
  return user;
}

/** A JSON call with an optional session cookie; the body goes as JSON. */
export function call(
  t: TestApp,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'HEAD',
  url: string,
  opts: {
    cookie?: string;
    body?: unknown;
    headers?: Record<string, string>;
    /** The client's address as the server sees it (request.ip). */
    remoteAddress?: string;
  } = {},
) {
  return t.server.inject({
    ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
    method,
    url: url.startsWith('/media/') || url.startsWith('/api/') ? url : `/api/v1${url}`,
    headers: { ...(opts.cookie ? { cookie: opts.cookie } : {}), ...opts.headers },
    ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
  });
}
