import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../lib/errors.js';
import { NUL_REFUSED, targetContainsNul } from '../../lib/nul-text.js';
import { ILL_FORMED_REFUSED, isWellFormedDeep } from '../../lib/well-formed-text.js';

/**
 * Text no route could store as sent is refused with a 400 before any route sees it.
 *
 * NUL in an API request's path and query (JSON fields are refused by the contract's text rules
 * with a field error, multipart fields by the multipart reader). Media paths are left to the
 * media route, which answers any non-canonical spelling with a 404.
 *
 * A lone surrogate in a JSON body, keys included: only JSON's `\uD800` escapes can spell one,
 * and every database would store U+FFFD instead. Paths and queries are checked too, though they
 * cannot carry one today (their percent-decoding refuses or keeps bytes that are not UTF-8), so
 * that a change of decoder cannot let one through. Multipart fields are decoded as UTF-8, which
 * never yields one.
 */
export function registerTextRefusal(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const target = request.raw.url ?? '';
    if (target.startsWith('/api/') && targetContainsNul(target)) throw badRequest(NUL_REFUSED);
  });
  // After the body is parsed and before the route's validator, whose messages would not say.
  app.addHook('preValidation', async (request) => {
    const wellFormed =
      isWellFormedDeep(request.body) &&
      isWellFormedDeep(request.query) &&
      isWellFormedDeep(request.params);
    if (!wellFormed) throw badRequest(ILL_FORMED_REFUSED);
  });
}
