import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from './session.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The answer carries personal data even to a request without a session. */
    personal?: boolean;
  }
}

/**
 * Whether an API answer may carry personal data: the request was signed in (or tried to be),
 * the answer sets a cookie, or it answers a write (sign-up, sign-in and every change answer
 * with the caller's own data), or the route says its answers are personal. Such answers must never be stored by a browser or a shared
 * cache; anonymous reads (feeds, search, a public video) stay cacheable as before.
 */
export function isPersonalAnswer(
  request: Pick<FastifyRequest, 'method' | 'headers' | 'cookies'>,
  setsCookie: boolean,
  personalRoute = false,
): boolean {
  if (personalRoute) return true;
  if (request.method !== 'GET' && request.method !== 'HEAD') return true;
  if (setsCookie) return true;
  if (request.headers.authorization !== undefined) return true;
  return Boolean(request.cookies?.[SESSION_COOKIE]);
}

/** `Cache-Control: no-store` on every personal answer of the routes registered in `app`. */
export function registerCachePolicy(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (
      !reply.hasHeader('cache-control') &&
      isPersonalAnswer(
        request,
        reply.hasHeader('set-cookie'),
        request.routeOptions.config?.personal === true,
      )
    ) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}
