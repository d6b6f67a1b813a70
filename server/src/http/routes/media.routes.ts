import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { MediaAccess, MediaCaching } from '../../services/media-access.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { contentTypeOfKey } from '../../storage/media-keys.js';
import { fail } from '../envelope.js';
import { sendStored } from '../stored-bytes.js';

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

    reply
      .header('cache-control', mediaCacheControl(grant.caching, deps.maxAgeSeconds))
      .header('x-content-type-options', 'nosniff')
      // Pages and CDNs on other origins may embed media (API and HTML answers stay same-origin).
      .header('cross-origin-resource-policy', 'cross-origin');
    if (grant.caching === 'private') reply.header('vary', 'Cookie, Authorization');
    const stored = { key: grant.key, stat, contentType: contentTypeOfKey(grant.key) };
    return sendStored(request, reply, deps.blobs, stored, notFound);
  };

  app.route({
    method: ['GET', 'HEAD'],
    url: '/media/*',
    schema: { hide: true },
    handler,
  });
};
