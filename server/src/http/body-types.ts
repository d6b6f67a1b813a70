import type {
  FastifyInstance,
  FastifyRequest,
  FastifySchema,
  preValidationAsyncHookHandler,
} from 'fastify';
import { badRequest, unsupportedMedia } from '../lib/errors.js';

/** Bodies a JSON route does not take (`registerBodyTypes`). */
export const BODY_TYPE_MESSAGES = {
  jsonOnly: 'This route takes a JSON body: send it with Content-Type: application/json.',
  jsonNeeded: 'This request needs a JSON body.',
} as const;

/**
 * A route whose schema has a JSON `body` (and no `formBody`) refuses any other body, so that
 * neither Fastify's text/plain parser nor the multipart one (multipart.ts) hands its validator
 * a string or null to word as "expected object": a body of another type is a 415, none at all
 * a 400, unless the route's body may be absent. Form routes read their own bodies and answer
 * for them; routes without a body schema are left as they are.
 *
 * A body no parser would take, or an empty JSON one, is refused before a byte of it is read,
 * where Fastify's parsing refused it before. The others are refused after the route's sign-in
 * gate (plugins/access.ts), so a signed-out client is told to sign in first; text/plain is read
 * within the body limit, and a multipart body is never read.
 */
export function registerBodyTypes(app: FastifyInstance): void {
  app.addHook('preParsing', async (request, _reply, payload) => {
    const body = jsonBodyOf(request.routeOptions.schema);
    if (!body) return payload;
    const { essence, hasBody } = bodyOf(request);
    if (
      hasBody &&
      essence !== 'application/json' &&
      !request.server.hasContentTypeParser(essence)
    ) {
      throw unsupportedMedia(BODY_TYPE_MESSAGES.jsonOnly);
    }
    if (!hasBody && essence === 'application/json' && !absentBodyAllowed(body)) {
      throw badRequest(BODY_TYPE_MESSAGES.jsonNeeded);
    }
    return payload;
  });
  app.addHook('onRoute', (route) => {
    const body = jsonBodyOf(route.schema);
    if (!body) return;
    const refuse: preValidationAsyncHookHandler = async (request) => {
      const { essence, hasBody } = bodyOf(request);
      if (hasBody && essence !== 'application/json') {
        throw unsupportedMedia(BODY_TYPE_MESSAGES.jsonOnly);
      }
      if (!hasBody && !absentBodyAllowed(body)) throw badRequest(BODY_TYPE_MESSAGES.jsonNeeded);
    };
    const existing = route.preValidation ?? [];
    route.preValidation = [...(Array.isArray(existing) ? existing : [existing]), refuse];
  });
}

/** The JSON body schema of a route that takes only JSON. */
function jsonBodyOf(schema: FastifySchema | undefined): unknown {
  return schema?.body && !schema.formBody ? schema.body : undefined;
}

function bodyOf(request: FastifyRequest): { essence: string; hasBody: boolean } {
  const type = request.headers['content-type'];
  return {
    essence: typeof type === 'string' ? type.split(';')[0]!.trim().toLowerCase() : '',
    hasBody:
      request.headers['transfer-encoding'] !== undefined ||
      Number(request.headers['content-length'] ?? 0) > 0,
  };
}

/** Fastify validates a missing body as null; a schema that takes null takes no body. */
function absentBodyAllowed(body: unknown): boolean {
  const parse = (body as { safeParse?: (v: unknown) => { success: boolean } }).safeParse;
  return typeof parse === 'function' ? parse.call(body, null).success : true;
}
