import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { MediaAccess, MediaCaching } from '../../services/media-access.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { contentTypeOfKey } from '../../storage/media-keys.js';
import { entityTag, etagMatches, parseRange } from '../byte-range.js';
import { fail } from '../envelope.js';

/**
 * What anyone may fetch is cached for a bounded time (`MEDIA_MAX_AGE_SECONDS`), not for ever: a
 * key's bytes never change, but a video made private or unlisted takes its URLs back (its files
 * move to a new prefix), and a cache that kept them a year would keep serving them. Owner-only
 * bytes stay out of every cache, shared or not: the next request decides again.
 */
export function mediaCacheControl(caching: MediaCaching, maxAgeSeconds: number): string {
  if (caching === 'private') return 'private, no-store';
  return maxAgeSeconds > 0 ? `public, max-age=${maxAgeSeconds}, immutable` : 'public, no-cache';
}

export interface MediaRoutesDeps {
  access: MediaAccess;
  blobs: BlobStore;
  /** How long public media may be cached (`MEDIA_MAX_AGE_SECONDS`). */
  maxAgeSeconds: number;
}

/**
 * Every media byte goes out here, after the one access decision on the request target exactly
 * as received (`request.raw.url`, before any decoding or normalisation by the router).
 * Bytes come from the BlobStore, so another store plugs in behind the same decision.
 */
export const mediaRoutes: FastifyPluginAsync<MediaRoutesDeps> = async (app, deps) => {
  const notFound = (reply: FastifyReply) =>
    reply.status(404).header('cache-control', 'no-store').send(fail(404, 'Media not found.'));

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const grant = await deps.access.decide(request.raw.url ?? '', () => request.viewer());
    if (!grant) return notFound(reply);
    const stat = await deps.blobs.stat(grant.key);
    if (!stat) return notFound(reply);

    const etag = entityTag(stat.size, stat.modifiedAt);
    reply
      .header('cache-control', mediaCacheControl(grant.caching, deps.maxAgeSeconds))
      .header('accept-ranges', 'bytes')
      .header('etag', etag)
      .header('last-modified', new Date(stat.modifiedAt).toUTCString())
      .header('x-content-type-options', 'nosniff')
      // Pages and CDNs on other origins may embed media (API and HTML answers stay same-origin).
      .header('cross-origin-resource-policy', 'cross-origin');
    if (grant.caching === 'private') reply.header('vary', 'Cookie, Authorization');
    if (etagMatches(request.headers['if-none-match'], etag)) return reply.status(304).send();

    const ifRange = request.headers['if-range'];
    const rangeHeader = ifRange && ifRange !== etag ? undefined : request.headers.range;
    const range = parseRange(rangeHeader, stat.size);
    if (range.kind === 'unsatisfiable') {
      return reply
        .status(416)
        .header('content-range', `bytes */${stat.size}`)
        .send(fail(416, 'The requested range is not in this file.'));
    }
    const start = range.kind === 'partial' ? range.start : 0;
    const end = range.kind === 'partial' ? range.end : stat.size - 1;
    reply
      .status(range.kind === 'partial' ? 206 : 200)
      .type(contentTypeOfKey(grant.key))
      .header('content-length', String(Math.max(0, end - start + 1)));
    if (range.kind === 'partial')
      reply.header('content-range', `bytes ${start}-${end}/${stat.size}`);
    if (request.method === 'HEAD' || stat.size === 0) return reply.send();
    const file = await deps.blobs.open(grant.key, { start, end });
    if (!file) return notFound(reply.removeHeader('content-length').removeHeader('content-range'));
    return reply.send(file.stream);
  };

  app.route({
    method: ['GET', 'HEAD'],
    url: '/media/*',
    schema: { hide: true },
    handler,
  });
};
