import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from '../../lib/errors.js';
import type { UserRow } from '../../repositories/user.repository.js';
import type { AuthService, SessionClient } from '../../services/auth.service.js';
import type { SessionCookiePolicy } from '../cookie-policy.js';

export const SESSION_COOKIE = 'sid';

declare module 'fastify' {
  interface FastifyInstance {
    /** SameSite and Secure of the session cookie (http/cookie-policy.ts). */
    sessionCookie: SessionCookiePolicy;
  }
  interface FastifyRequest {
    /** The signed-in user, or undefined; resolved at most once per request. */
    viewer(): Promise<UserRow | undefined>;
    /** The signed-in user, or a 401. */
    requireViewer(): Promise<UserRow>;
    sessionToken(): string | undefined;
    /** The signed-in user's id once `viewer()` has resolved, for the request log. */
    viewerId: string | undefined;
  }
}

function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined;
  return request.cookies[SESSION_COOKIE] || undefined;
}

export function registerSession(
  app: FastifyInstance,
  auth: AuthService,
  cookiePolicy: SessionCookiePolicy = { sameSite: 'lax', secure: 'auto' },
): void {
  app.decorate('sessionCookie', cookiePolicy);
  const cache = new WeakMap<FastifyRequest, Promise<UserRow | undefined>>();
  app.decorateRequest('viewerId', undefined);
  app.decorateRequest('sessionToken', function (this: FastifyRequest) {
    return tokenOf(this);
  });
  app.decorateRequest('viewer', function (this: FastifyRequest) {
    let pending = cache.get(this);
    if (!pending) {
      const token = tokenOf(this);
      // A token longer than any we issue is not worth a query.
      pending =
        token && token.length <= 128
          ? auth.resolveSession(token).then((user) => {
              this.viewerId = user?.id;
              return user;
            })
          : Promise.resolve(undefined);
      cache.set(this, pending);
    }
    return pending;
  });
  app.decorateRequest('requireViewer', async function (this: FastifyRequest) {
    const user = await this.viewer();
    if (!user) throw unauthorized();
    return user;
  });
}

/** Where a sign-in comes from: its user agent and client address (see TRUST_PROXY). */
export function sessionClient(request: FastifyRequest): SessionClient {
  return {
    userAgent: (request.headers['user-agent'] ?? '').slice(0, 512),
    address: request.ip.slice(0, 64),
  };
}

export function setSessionCookie(reply: FastifyReply, token: string, expiresAt: number): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    ...reply.server.sessionCookie,
    expires: new Date(expiresAt),
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, ...reply.server.sessionCookie });
}

/**
 * The preValidation hook `access.ts` gives every route not listed as public: a visitor gets the 401
 * before the body is checked, so a signed-out client is told to sign in, not how to fix a field.
 */
export async function requireSignIn(request: FastifyRequest): Promise<void> {
  await request.requireViewer();
}
