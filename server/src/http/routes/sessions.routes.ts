import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_ROUTES, envelopeSchema, errorEnvelopeSchema, sessionInfoSchema } from '@contract';
import type { SessionService } from '../../services/session.service.js';
import { ok } from '../envelope.js';
import { clearSessionCookie } from '../plugins/session.js';

export interface SessionsRoutesDeps {
  sessions: SessionService;
}

const errors = { 401: errorEnvelopeSchema, 404: errorEnvelopeSchema };

export const sessionsRoutes: FastifyPluginAsyncZod<SessionsRoutesDeps> = async (app, deps) => {
  app.get(
    API_ROUTES.sessions,
    {
      schema: {
        tags: ['users'],
        summary: 'Your sessions: device (from the user agent), address, when started and last used',
        response: { 200: envelopeSchema(z.array(sessionInfoSchema)), ...errors },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      return ok(await deps.sessions.list(viewer, request.sessionToken()!), 'Sessions.');
    },
  );

  app.delete(
    API_ROUTES.sessions,
    {
      schema: {
        tags: ['users'],
        summary: 'Sign out everywhere else: every session of the account but this one ends',
        response: { 200: envelopeSchema(z.object({})), ...errors },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      await deps.sessions.endOthers(viewer, request.sessionToken()!);
      return ok({}, 'Signed out everywhere else.');
    },
  );

  app.delete(
    API_ROUTES.session,
    {
      schema: {
        tags: ['users'],
        summary: 'End one of your sessions (ending this one signs out here)',
        params: z.object({ id: z.string().min(1).max(64) }),
        response: { 200: envelopeSchema(z.object({ current: z.boolean() })), ...errors },
      },
    },
    async (request, reply) => {
      const viewer = await request.requireViewer();
      const token = request.sessionToken()!;
      const current = (await deps.sessions.list(viewer, token)).find((s) => s.current);
      await deps.sessions.end(viewer, request.params.id);
      const ended = current?._id === request.params.id;
      if (ended) clearSessionCookie(reply);
      return ok({ current: ended }, 'Session ended.');
    },
  );
};
