import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_ROUTES,
  envelopeSchema,
  errorEnvelopeSchema,
  historyPageSchema,
  historyPausedSchema,
  historyQuerySchema,
  watchPositionSchema,
  watchPositionsQuerySchema,
} from '@contract';
import type { HistoryService } from '../../services/history.service.js';
import { ok } from '../envelope.js';

export interface HistoryRoutesDeps {
  history: HistoryService;
}

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
};

export const historyRoutes: FastifyPluginAsyncZod<HistoryRoutesDeps> = async (app, deps) => {
  app.get(
    API_ROUTES.history,
    {
      schema: {
        tags: ['history'],
        summary:
          'The caller’s watch history, newest first, each video with where they stopped; `q` searches titles',
        querystring: historyQuerySchema,
        response: { 200: historyPageSchema, ...errors },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      const page = await deps.history.page(viewer, request.query);
      return { statusCode: 200, success: true as const, message: 'History.', ...page };
    },
  );

  app.delete(
    API_ROUTES.history,
    {
      schema: {
        tags: ['history'],
        summary: 'Clears the caller’s whole watch history, and where they stopped in each video',
        response: { 200: envelopeSchema(z.null()), ...errors },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      await deps.history.clear(viewer);
      return ok(null, 'History cleared.');
    },
  );

  app.delete(
    API_ROUTES.historyEntry,
    {
      schema: {
        tags: ['history'],
        summary: 'Removes one video from the caller’s watch history',
        params: z.object({ videoId: z.string().min(1).max(64) }),
        response: { 200: envelopeSchema(z.null()), ...errors },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      await deps.history.remove(viewer, request.params.videoId);
      return ok(null, 'Removed from history.');
    },
  );

  app.get(
    API_ROUTES.historyPaused,
    {
      schema: {
        tags: ['history'],
        summary: 'Whether the caller’s watch history is paused',
        response: { 200: envelopeSchema(historyPausedSchema), ...errors },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      return ok({ paused: await deps.history.paused(viewer) }, 'History setting.');
    },
  );

  app.put(
    API_ROUTES.historyPaused,
    {
      schema: {
        tags: ['history'],
        summary: 'Pauses or resumes the caller’s watch history: while paused, nothing is recorded',
        body: historyPausedSchema,
        response: { 200: envelopeSchema(historyPausedSchema), ...errors },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      const paused = await deps.history.setPaused(viewer, request.body.paused);
      return ok({ paused }, paused ? 'History paused.' : 'History resumed.');
    },
  );

  app.get(
    API_ROUTES.watchPositions,
    {
      schema: {
        tags: ['history'],
        summary:
          'Where the caller stopped in each of the given videos (`ids`, comma-separated, at most 100): the progress bars on cards',
        querystring: watchPositionsQuerySchema,
        response: { 200: envelopeSchema(z.array(watchPositionSchema)), ...errors },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      return ok(await deps.history.positions(viewer, request.query.ids), 'Positions.');
    },
  );
};
