import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from '@fastify/helmet';
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

export async function registerSecurity(
  app: FastifyInstance,
  corsOrigins: readonly string[],
): Promise<void> {
  const allowed = new Set(corsOrigins);

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });

  await app.register(cors, {
    origin: (origin, cb) => cb(null, origin !== undefined && allowed.has(origin)),
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
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
