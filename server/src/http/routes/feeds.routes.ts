import type { FastifyPluginAsync } from 'fastify';
import { FEED_PATHS } from '@contract';
import { ATOM_CONTENT_TYPE } from '../../feeds/atom.js';
import { XML_CONTENT_TYPE } from '../../feeds/sitemap.js';
import type { FeedsService } from '../../services/feeds.service.js';
import { fail } from '../envelope.js';
import { sendWithEtag } from '../etag.js';
import { siteOrigin } from '../site-origin.js';

export interface FeedsRoutesDeps {
  feeds: FeedsService;
  publicUrl: string | undefined;
}

/** A query value as one bounded string, or undefined (repeated or absurd values are refused). */
function queryText(query: unknown, name: string, max: number): string | undefined | null {
  const value = (query as Record<string, unknown>)[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.length > max) return null;
  return value;
}

/**
 * Atom feeds, the sitemap and robots.txt, outside the API (declared in OUTSIDE_API). Public
 * feeds are revalidated every time (`no-cache` with an ETag), so a video leaving the public
 * leaves them at once, caches included; the private subscriptions feed is `private`.
 */
export const feedsRoutes: FastifyPluginAsync<FeedsRoutesDeps> = async (app, deps) => {
  const origin = (request: Parameters<typeof siteOrigin>[0]) => siteOrigin(request, deps.publicUrl);
  const notFound = (message: string) => fail(404, message);

  app.get(FEED_PATHS.videos, async (request, reply) => {
    const channel = queryText(request.query, 'channel', 100);
    if (channel === null) return reply.status(400).send(fail(400, 'channel must be one username.'));
    const xml =
      channel === undefined
        ? await deps.feeds.latest(origin(request))
        : await deps.feeds.channel(origin(request), channel);
    if (xml === undefined) return reply.status(404).send(notFound('Channel not found.'));
    reply.header('cache-control', 'no-cache');
    return sendWithEtag(request, reply, xml, ATOM_CONTENT_TYPE);
  });

  app.get('/feeds/subscriptions.xml', async (request, reply) => {
    const token = queryText(request.query, 'token', 200);
    const xml = token ? await deps.feeds.subscriptions(origin(request), token) : undefined;
    reply.header('cache-control', 'private, no-cache').header('referrer-policy', 'no-referrer');
    if (xml === undefined) {
      return reply.status(404).send(notFound('No feed at this address: it may have been reset.'));
    }
    return sendWithEtag(request, reply, xml, ATOM_CONTENT_TYPE);
  });

  app.get(FEED_PATHS.sitemap, async (request, reply) => {
    const raw = queryText(request.query, 'page', 10);
    const page = raw === undefined ? undefined : Number(raw);
    if (page !== undefined && !(Number.isInteger(page) && page >= 1)) {
      return reply.status(400).send(fail(400, 'page must be a whole number from 1.'));
    }
    const xml = await deps.feeds.sitemap(origin(request), page);
    if (xml === undefined) return reply.status(404).send(notFound('No such sitemap page.'));
    reply.header('cache-control', 'no-cache');
    return sendWithEtag(request, reply, xml, XML_CONTENT_TYPE);
  });

  app.get(FEED_PATHS.robots, async (request, reply) => {
    reply.header('cache-control', 'no-cache');
    return sendWithEtag(
      request,
      reply,
      deps.feeds.robots(origin(request)),
      'text/plain; charset=utf-8',
    );
  });
};
