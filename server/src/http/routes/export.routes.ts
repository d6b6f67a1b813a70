import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_ROUTES, errorEnvelopeSchema } from '@contract';
import type { ExportService } from '../../services/export.service.js';

export interface ExportRoutesDeps {
  exports: ExportService;
}

export const exportRoutes: FastifyPluginAsyncZod<ExportRoutesDeps> = async (app, deps) => {
  app.get(
    API_ROUTES.exportData,
    {
      schema: {
        tags: ['users'],
        summary:
          'Download a copy of your data as a JSON file: profile, videos (with links to the originals), comments, likes, subscriptions, history. 3 an hour',
        produces: ['application/json'],
        response: {
          200: z.string().describe('The JSON document, as a file'),
          401: errorEnvelopeSchema,
          429: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const viewer = await request.requireViewer();
      const data = await deps.exports.export(viewer);
      return reply
        .type('application/json; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="vidshare-export-${viewer.username}.json"`,
        )
        .send(JSON.stringify(data, null, 2));
    },
  );
};
