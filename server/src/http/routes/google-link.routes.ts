import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_ROUTES,
  API_BASE,
  envelopeSchema,
  errorEnvelopeSchema,
  googleLinkDoneSchema,
  googleLinkPasswordBodySchema,
  googleLinkPendingSchema,
  googleLinkSeparateBodySchema,
} from '@contract';
import type { GoogleLinkService, LinkedSignIn } from '../../services/google-link.service.js';
import type { UserService } from '../../services/user.service.js';
import { ok } from '../envelope.js';
import { sessionClient, setSessionCookie } from '../plugins/session.js';

export interface GoogleLinkRoutesDeps {
  link: GoogleLinkService;
  users: UserService;
}

/** Holds the pending link's token; sent only to the Google routes, never cross-site. */
export const GOOGLE_LINK_COOKIE = 'g_link';
export const LINK_COOKIE_OPTIONS = {
  path: `${API_BASE}/users/google`,
  httpOnly: true,
  sameSite: 'strict',
  secure: 'auto',
} as const;

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};

export const googleLinkRoutes: FastifyPluginAsyncZod<GoogleLinkRoutesDeps> = async (app, deps) => {
  async function signIn(reply: FastifyReply, done: LinkedSignIn) {
    reply.clearCookie(GOOGLE_LINK_COOKIE, LINK_COOKIE_OPTIONS);
    setSessionCookie(reply, done.session.token, done.session.expiresAt);
    const user = await deps.users.sessionUser(done.session.user);
    return ok({ user, returnTo: done.returnTo }, 'Signed in.');
  }

  app.get(
    API_ROUTES.googleLink,
    {
      config: { personal: true },
      schema: {
        tags: ['users'],
        summary:
          'The Google sign-in waiting in this browser (cookie g_link): its email, which an ' +
          'existing account not linked to that Google account uses; 404 when none or expired',
        response: { 200: envelopeSchema(googleLinkPendingSchema), ...errors },
      },
    },
    async (request) =>
      ok(await deps.link.pending(request.cookies[GOOGLE_LINK_COOKIE]), 'Link pending.'),
  );

  app.post(
    API_ROUTES.googleLink,
    {
      schema: {
        tags: ['users'],
        summary:
          'Proves the existing account is yours with its password: links the Google account to it and signs in. Counted like a sign-in (429 with Retry-After)',
        body: googleLinkPasswordBodySchema,
        response: { 200: envelopeSchema(googleLinkDoneSchema), ...errors },
      },
    },
    async (request, reply) => {
      const done = await deps.link.linkWithPassword(
        request.cookies[GOOGLE_LINK_COOKIE],
        request.body.password,
        sessionClient(request),
      );
      return signIn(reply, done);
    },
  );

  app.post(
    API_ROUTES.googleLinkSeparate,
    {
      schema: {
        tags: ['users'],
        summary:
          'Creates a separate account for the Google account under another email (no password; it signs in with Google) and signs in',
        body: googleLinkSeparateBodySchema,
        response: { 200: envelopeSchema(googleLinkDoneSchema), ...errors },
      },
    },
    async (request, reply) => {
      const done = await deps.link.createSeparate(
        request.cookies[GOOGLE_LINK_COOKIE],
        request.body.email,
        sessionClient(request),
      );
      return signIn(reply, done);
    },
  );
};
