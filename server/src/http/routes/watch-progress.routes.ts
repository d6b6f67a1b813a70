import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_ROUTES,
  envelopeSchema,
  errorEnvelopeSchema,
  watchHeartbeatSchema,
  watchProgressBodySchema,
  watchProgressSchema,
} from '@contract';
import type { WatchProgressService } from '../../services/watch-progress.service.js';
import { ok } from '../envelope.js';

export interface WatchProgressRoutesDeps {
  progress: WatchProgressService;
}

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
};

// Malformed ids are a 404 from the service, like unknown ones.
const idParams = z.object({ id: z.string().min(1).max(64) });

export const watchProgressRoutes: FastifyPluginAsyncZod<WatchProgressRoutesDeps> = async (
  app,
  deps,
) => {
  app.post(
    API_ROUTES.videoProgress,
    {
      schema: {
        tags: ['videos'],
        summary:
          'Watch-progress heartbeat: the player’s position in seconds, sent when playback starts and every few seconds; adds watch time and stores where to resume',
        params: idParams,
        body: watchProgressBodySchema,
        response: { 200: envelopeSchema(watchHeartbeatSchema), ...errors },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      const beat = await deps.progress.heartbeat(request.params.id, viewer, request.body.position);
      return ok(beat, 'Progress saved.');
    },
  );

  app.get(
    API_ROUTES.videoProgress,
    {
      schema: {
        tags: ['videos'],
        summary: 'Where the caller stopped watching (0 when never, or when the video was finished)',
        params: idParams,
        response: { 200: envelopeSchema(watchProgressSchema), ...errors },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      return ok(await deps.progress.resumeAt(request.params.id, viewer), 'Progress.');
    },
  );
};
