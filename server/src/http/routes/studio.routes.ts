import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_ROUTES,
  analyticsQuerySchema,
  analyticsSchema,
  envelopeSchema,
  errorEnvelopeSchema,
  studioDashboardSchema,
  studioVideoListSchema,
  studioVideosQuerySchema,
} from '@contract';
import type { StudioService } from '../../services/studio.service.js';
import { ok } from '../envelope.js';

export interface StudioRoutesDeps {
  studio: StudioService;
}

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
};

export const studioRoutes: FastifyPluginAsyncZod<StudioRoutesDeps> = async (app, deps) => {
  app.get(
    API_ROUTES.studioDashboard,
    {
      schema: {
        tags: ['studio'],
        summary:
          'The caller’s channel at a glance: subscribers, views, the last 28 days, latest and top video, latest comments',
        response: { 200: envelopeSchema(studioDashboardSchema), ...errors },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      return ok(await deps.studio.dashboard(viewer), 'Dashboard.');
    },
  );

  app.get(
    API_ROUTES.studioVideos,
    {
      schema: {
        tags: ['studio'],
        summary:
          'The caller’s videos (any visibility) with like and comment counts, sorted and paginated',
        querystring: studioVideosQuerySchema,
        response: { 200: studioVideoListSchema, ...errors },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      const page = await deps.studio.videos(viewer, request.query);
      return { statusCode: 200, success: true as const, message: 'Videos found.', ...page };
    },
  );

  app.get(
    API_ROUTES.studioAnalytics,
    {
      schema: {
        tags: ['studio'],
        summary:
          'Views, watch time and net subscribers per UTC day over the last 7, 28 or 90 days (channel-wide, or one of the caller’s videos with videoId; subscribers are then left out)',
        querystring: analyticsQuerySchema,
        response: { 200: envelopeSchema(analyticsSchema), ...errors },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      return ok(await deps.studio.analytics(viewer, request.query), 'Analytics.');
    },
  );
};
