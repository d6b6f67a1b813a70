import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_ROUTES,
  envelopeSchema,
  errorEnvelopeSchema,
  feedQuerySchema,
  subscriptionItemSchema,
  subscriptionToggleSchema,
  videoListSchema,
  textParam,
} from '@contract';
import type { SubscriptionService } from '../../services/subscription.service.js';
import { ok } from '../envelope.js';

export interface SubscriptionsRoutesDeps {
  subscriptions: SubscriptionService;
}

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
};

export const subscriptionsRoutes: FastifyPluginAsyncZod<SubscriptionsRoutesDeps> = async (
  app,
  deps,
) => {
  app.get(
    API_ROUTES.subscriptionVideos,
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'Latest public videos of the caller’s subscriptions, newest first',
        querystring: feedQuerySchema,
        response: { 200: videoListSchema, ...errors },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      const page = await deps.subscriptions.feed(viewer, request.query);
      return { statusCode: 200, success: true as const, message: 'Videos found.', ...page };
    },
  );

  app.post(
    API_ROUTES.toggleSubscription,
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'Subscribe to a channel, or unsubscribe when already subscribed',
        params: z.object({ channelId: textParam('channelId', 64) }),
        response: { 200: envelopeSchema(subscriptionToggleSchema), ...errors },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      const state = await deps.subscriptions.toggle(request.params.channelId, viewer);
      return ok(state, state.isSubscribed ? 'Subscribed.' : 'Unsubscribed.');
    },
  );

  app.get(
    API_ROUTES.subscribedChannels,
    {
      schema: {
        tags: ['subscriptions'],
        summary:
          'The channels a user subscribes to, newest subscription first, with their counts (own list only)',
        params: z.object({ userId: textParam('userId', 64) }),
        response: { 200: envelopeSchema(z.array(subscriptionItemSchema)), ...errors },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      const items = await deps.subscriptions.channelsOf(request.params.userId, viewer);
      return ok(items, 'Subscriptions found.');
    },
  );
};
