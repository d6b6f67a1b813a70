import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_ROUTES,
  envelopeSchema,
  errorEnvelopeSchema,
  livenessSchema,
  readinessSchema,
} from '@contract';
import type { HealthService } from '../../services/health.service.js';
import { fail, ok } from '../envelope.js';

export interface HealthRoutesDeps {
  health: HealthService;
}

const started = Date.now();

export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesDeps> = async (app, deps) => {
  // Probes are asked every few seconds by machines; their answers are never cached.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    API_ROUTES.healthLive,
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness: 200 while the process runs (restart it when this stops answering)',
        response: { 200: envelopeSchema(livenessSchema) },
      },
    },
    async () =>
      ok({ status: 'live' as const, uptimeSeconds: (Date.now() - started) / 1000 }, 'Live.'),
  );

  app.get(
    API_ROUTES.healthReady,
    {
      schema: {
        tags: ['health'],
        summary:
          'Readiness: 200 when the database answers, storage is writable, migrations are current and ffprobe (and, with the embedded processing worker, ffmpeg) runs; 503 with the failing checks otherwise, and while shutting down',
        response: { 200: envelopeSchema(readinessSchema), 503: errorEnvelopeSchema },
      },
    },
    async (_request, reply) => {
      const problems = await deps.health.problems();
      if (problems.length > 0) {
        return reply
          .status(503)
          .send(fail(503, `Not ready: ${problems.map((p) => p.field).join(', ')}.`, problems));
      }
      return ok(
        {
          status: 'ready' as const,
          checks: {
            database: 'ok' as const,
            storage: 'ok' as const,
            migrations: 'ok' as const,
            ffprobe: 'ok' as const,
            ...(deps.health.checksFfmpeg ? { ffmpeg: 'ok' as const } : {}),
          },
        },
        'Ready.',
      );
    },
  );
};
