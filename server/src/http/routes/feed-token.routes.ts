import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_ROUTES, envelopeSchema, errorEnvelopeSchema, feedTokenSchema } from '@contract';
import type { FeedsService } from '../../services/feeds.service.js';
import { ok } from '../envelope.js';

const answers = { 200: envelopeSchema(feedTokenSchema), 401: errorEnvelopeSchema };

/** The caller's private subscriptions feed link (signed in: not in PUBLIC_OPERATIONS). */
export const feedTokenRoutes: FastifyPluginAsyncZod<{ feeds: FeedsService }> = async (
  app,
  { feeds },
) => {
  app.get(
    API_ROUTES.feedToken,
    {
      schema: {
        tags: ['feeds'],
        summary: 'Whether the caller has a private subscriptions feed link, and since when',
        response: answers,
      },
    },
    async (request) => ok(await feeds.tokenState(await request.requireViewer()), 'Feed link.'),
  );
  app.post(
    API_ROUTES.feedToken,
    {
      schema: {
        tags: ['feeds'],
        summary:
          'A new private subscriptions feed link (its URL is answered only now); the previous one stops working',
        response: answers,
      },
    },
    async (request) =>
      ok(await feeds.newToken(await request.requireViewer()), 'New feed link made.'),
  );
  app.delete(
    API_ROUTES.feedToken,
    {
      schema: {
        tags: ['feeds'],
        summary: 'Turn the private subscriptions feed off: its link stops working',
        response: answers,
      },
    },
    async (request) =>
      ok(await feeds.revokeToken(await request.requireViewer()), 'Feed link removed.'),
  );
};
