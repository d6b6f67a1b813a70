import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_BASE,
  API_PATHS,
  API_ROUTES,
  channelProfileSchema,
  checkSessionSchema,
  envelopeSchema,
  errorEnvelopeSchema,
  GOVERNANCE_MESSAGES,
  LIMITS,
  loginBodySchema,
  loginDataSchema,
  loginErrorSchema,
  MESSAGES,
  registerBody,
  textParam,
} from '@contract';
import type { AuthService } from '../../services/auth.service.js';
import type { InstanceSettings } from '../../services/instance-settings.js';
import type { UserService } from '../../services/user.service.js';
import { forbidden } from '../../lib/errors.js';
import type { EmailVerificationService } from '../../services/email-verification.service.js';
import type { TempFiles } from '../../storage/temp-files.js';
import { formFieldsOrThrow } from '../../lib/form-body.js';
import { ok } from '../envelope.js';
import { readMultipart } from '../multipart.js';
import { clearSessionCookie, sessionClient, setSessionCookie } from '../plugins/session.js';

export interface UsersRoutesDeps {
  auth: AuthService;
  users: UserService;
  verification: EmailVerificationService;
  temp: TempFiles;
  settings: InstanceSettings;
}

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  413: errorEnvelopeSchema,
  415: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};

export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesDeps> = async (app, deps) => {
  app.post(
    API_ROUTES.register,
    {
      schema: {
        tags: ['users'],
        summary: 'Create an account (multipart/form-data)',
        formBody: registerBody,
        description:
          'Answers 201 when the account can sign in, 202 when registration asks for approval ' +
          '(it can sign in once a moderator approves it), and 403 while sign-ups are closed.',
        response: {
          201: envelopeSchema(loginDataSchema),
          202: envelopeSchema(loginDataSchema),
          403: errorEnvelopeSchema,
          ...errors,
        },
      },
      // Counted before the body is read: a refused client costs no parsing and no temp files.
      onRequest: async (request) => {
        await deps.auth.countRegistration(request.ip);
        if ((await deps.settings.registration()) === 'closed') {
          throw forbidden(GOVERNANCE_MESSAGES.registrationClosed);
        }
      },
    },
    async (request, reply) => {
      const form = await readMultipart(request, deps.temp, { files: registerBody.files });
      try {
        const fields = formFieldsOrThrow(
          registerBody,
          form.fields,
          form.files,
          MESSAGES.registrationFailed,
        );
        // Read again after the upload: a change of mode meanwhile applies to this sign-up.
        const mode = await deps.settings.registration();
        if (mode === 'closed') throw forbidden(GOVERNANCE_MESSAGES.registrationClosed);
        const row = await deps.auth.register(
          { fields, avatar: form.files.avatar!, coverImage: form.files.coverImage },
          mode === 'approval',
        );
        await deps.verification.sendForNewAccount(row);
        const user = await deps.users.sessionUser(row);
        if (mode === 'approval') {
          return reply.status(202).send(ok({ user }, GOVERNANCE_MESSAGES.awaitingApproval, 202));
        }
        return reply.status(201).send(ok({ user }, 'Account created. You can sign in now.', 201));
      } finally {
        await form.cleanup();
      }
    },
  );

  app.post(
    API_ROUTES.login,
    {
      schema: {
        tags: ['users'],
        summary: 'Sign in with an email or username and a password',
        body: loginBodySchema,
        response: {
          200: envelopeSchema(loginDataSchema),
          ...errors,
          // With two-factor sign-in on: `totpRequired` while the code is missing or wrong.
          401: loginErrorSchema,
        },
      },
      onRequest: async (request) => deps.auth.countLogin(request.ip),
    },
    async (request, reply) => {
      const session = await deps.auth.login(request.body, sessionClient(request));
      setSessionCookie(reply, session.token, session.expiresAt);
      const user = await deps.users.sessionUser(session.user);
      return ok({ user }, 'Signed in.');
    },
  );

  app.post(
    API_ROUTES.logout,
    {
      schema: {
        tags: ['users'],
        summary: 'End the current session',
        response: { 200: envelopeSchema(z.object({})) },
      },
    },
    async (request, reply) => {
      await deps.auth.logout(request.sessionToken());
      clearSessionCookie(reply);
      return ok({}, 'Signed out.');
    },
  );

  app.get(
    API_ROUTES.checkSession,
    {
      schema: {
        tags: ['users'],
        summary: 'Who is signed in (always 200)',
        response: { 200: checkSessionSchema },
      },
    },
    async (request) => {
      const row = await request.viewer();
      if (!row) {
        return {
          statusCode: 200,
          success: true,
          isAuthenticated: false,
          message: 'Not signed in.',
        };
      }
      const user = await deps.users.sessionUser(row);
      return { statusCode: 200, success: true, isAuthenticated: true, message: 'Signed in.', user };
    },
  );

  app.get(
    API_ROUTES.channel,
    {
      schema: {
        tags: ['users'],
        summary: 'Channel profile by username',
        params: z.object({
          username: textParam('username', LIMITS.usernameMax + 10),
        }),
        response: {
          200: envelopeSchema(channelProfileSchema),
          // The channel changed its name within 30 days: Location is the lookup by its new one.
          308: envelopeSchema(z.object({ username: z.string() })),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const viewer = await request.requireViewer();
      const profile = await deps.users.channelProfile(request.params.username, viewer);
      if ('movedTo' in profile) {
        return reply
          .status(308)
          .header('location', `${API_BASE}${API_PATHS.channel(profile.movedTo)}`)
          .send(ok({ username: profile.movedTo }, 'This channel has a new name.', 308));
      }
      return ok(profile, 'Channel found.');
    },
  );
};
