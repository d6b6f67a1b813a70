import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../lib/errors.js';
import { NUL_REFUSED, targetContainsNul } from '../../lib/nul-text.js';

/**
 * Refuses NUL characters in every API request's path and query with a 400, before any route
 * sees them (JSON fields are refused by the contract's text rules with a field error, multipart
 * fields by the multipart reader). Media paths are left to the media route, which answers any
 * non-canonical spelling with a 404.
 */
export function registerNulRefusal(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const target = request.raw.url ?? '';
    if (target.startsWith('/api/') && targetContainsNul(target)) throw badRequest(NUL_REFUSED);
  });
}
