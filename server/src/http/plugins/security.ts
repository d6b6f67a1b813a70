import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import cors from '@fastify/cors';
import { forbidden } from '../../lib/errors.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The origin a browser would send for a page served by this very request's host. */
function ownOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * Decides whether a state-changing request may proceed. Browsers always send Origin on
 * cross-origin writes; requests without it come from scripts and are not CSRF vectors.
 */
export function isWriteAllowed(
  origin: string | undefined,
  fetchSite: string | undefined,
  own: string,
  allowed: ReadonlySet<string>,
): boolean {
  if (origin !== undefined) return origin === own || allowed.has(origin);
  return fetchSite !== 'cross-site';
}

/**
 * `mediaOrigins`: where media URLs in answers point (PUBLIC_URL, MEDIA_PUBLIC_URL), which the
 * pages load pictures and video from (and hls.js fetches playlists and segments from).
 */
export function helmetOptions(
  mediaOrigins: readonly string[] = [],
  frameAncestors: readonly string[] = ["'none'"],
): HelmetOptions {
  const framable = !frameAncestors.includes("'none'");
  return {
    // A page other sites may frame must not tell browsers the opposite.
    ...(framable
      ? { xFrameOptions: false, crossOriginResourcePolicy: { policy: 'cross-origin' } }
      : {}),
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...mediaOrigins],
        mediaSrc: ["'self'", 'blob:', ...mediaOrigins],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...mediaOrigins],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: [...frameAncestors],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  };
}

/**
 * The hardening headers helmet would write, computed once: they are the same for every
 * response (no per-request nonces), and building them per request (as the Fastify plugin
 * does) re-parsed the policy on every call.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (err?: unknown) => (failure = err),
  );
  if (failure) throw failure;
  return headers;
}

/** The embed page, `/embed/{id}` (with or without a query): the one page other sites may frame. */
export function isEmbedPage(url: string): boolean {
  return /^\/embed\/[0-9a-f]{24}\/?(?:\?|$)/.test(url);
}

/** Who may frame the embed page: the listed origins, or any site when none are listed. */
export function embedAncestors(allowedOrigins: readonly string[]): string[] {
  return allowedOrigins.length > 0 ? [...allowedOrigins] : ['*'];
}

export async function registerSecurity(
  app: FastifyInstance,
  corsOrigins: readonly string[],
  mediaOrigins: readonly string[] = [],
  embedAllowedOrigins: readonly string[] = [],
): Promise<void> {
  const allowed = new Set(corsOrigins);

  // Cross-Origin-Resource-Policy: same-origin here; media answers say cross-origin instead.
  const headers = securityHeaders(helmetOptions(mediaOrigins));
  // The embed page's own set, computed once too: framable by other sites, nothing else.
  const embedHeaders = securityHeaders(
    helmetOptions(mediaOrigins, embedAncestors(embedAllowedOrigins)),
  );
  // HSTS over plain HTTP is meaningless at best and, behind a misconfigured proxy, pins a site
  // to HTTPS that does not serve it: only answers that went out over HTTPS carry it.
  const hsts = headers['strict-transport-security'];
  delete headers['strict-transport-security'];
  delete embedHeaders['strict-transport-security'];
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(
      request.method === 'GET' || request.method === 'HEAD'
        ? isEmbedPage(request.url)
          ? embedHeaders
          : headers
        : headers,
    );
    // `protocol` honours X-Forwarded-Proto only from a trusted proxy (TRUST_PROXY).
    if (hsts && request.protocol === 'https') reply.header('strict-transport-security', hsts);
    done();
  });

  await app.register(cors, {
    origin: (origin, cb) => cb(null, origin !== undefined && allowed.has(origin)),
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    // Readable by a client on an allowed origin: ranges of media, a download's file name, when
    // to retry, the id to quote when reporting a problem, and the ETag a poll of the unread
    // count sends back in If-None-Match.
    exposedHeaders: [
      'accept-ranges',
      'content-range',
      'content-disposition',
      'retry-after',
      'x-request-id',
      'etag',
    ],
    maxAge: 600,
  });

  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const fetchSite = request.headers['sec-fetch-site'];
    if (
      !isWriteAllowed(
        request.headers.origin,
        typeof fetchSite === 'string' ? fetchSite : undefined,
        ownOrigin(request),
        allowed,
      )
    ) {
      throw forbidden('Cross-origin request refused.');
    }
  });
}
