import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_ROUTES,
  envelopeSchema,
  errorEnvelopeSchema,
  reportBodySchema,
  reportSchema,
} from '@contract';
import type { ReportService } from '../../services/report.service.js';
import { ok } from '../envelope.js';

export interface ReportsRoutesDeps {
  reports: ReportService;
}

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};

/** Reports, which every signed-in user may file. */
export const reportsRoutes: FastifyPluginAsyncZod<ReportsRoutesDeps> = async (app, deps) => {
  app.post(
    API_ROUTES.reports,
    {
      schema: {
        tags: ['reports'],
        summary:
          'Report a video, comment or channel to staff; one open report per target (a repeat ' +
          'answers 200 with the open one); rate-limited per account and address',
        body: reportBodySchema,
        response: {
          201: envelopeSchema(reportSchema),
          200: envelopeSchema(reportSchema),
          ...errors,
        },
      },
      // Counted before the body is checked: a flood of reports costs no lookups.
      preValidation: async (request) =>
        deps.reports.count(await request.requireViewer(), request.ip),
    },
    async (request, reply) => {
      const viewer = await request.requireViewer();
      const { report, created } = await deps.reports.file(viewer, request.body);
      return created
        ? reply.status(201).send(ok(report, 'Thanks: staff will look at it.', 201))
        : ok(report, 'You reported this already: staff will look at it.');
    },
  );
};
