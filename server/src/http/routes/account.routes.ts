import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_ROUTES,
  changeEmailBodySchema,
  changePasswordBodySchema,
  changeUsernameBodySchema,
  deleteAccountBodySchema,
  envelopeSchema,
  errorEnvelopeSchema,
  profileFormBody,
  sessionUserSchema,
} from '@contract';
import { badRequest, unsupportedMedia } from '../../lib/errors.js';
import { formFieldsOrThrow } from '../../lib/form-body.js';
import type { AccountService } from '../../services/account.service.js';
import type { AccountDeletionService } from '../../services/account-deletion.service.js';
import { clearSessionCookie } from '../plugins/session.js';
import type { UserService } from '../../services/user.service.js';
import type { TempFiles } from '../../storage/temp-files.js';
import { ok } from '../envelope.js';
import { isMultipart, readMultipart } from '../multipart.js';

export interface AccountRoutesDeps {
  account: AccountService;
  deletion: AccountDeletionService;
  users: UserService;
  temp: TempFiles;
}

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  413: errorEnvelopeSchema,
  415: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
  503: errorEnvelopeSchema,
};

const userAnswer = envelopeSchema(z.object({ user: sessionUserSchema }));

/** The signed-in person's own account: profile, password, address, username. */
export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesDeps> = async (app, deps) => {
  app.patch(
    API_ROUTES.me,
    {
      schema: {
        tags: ['users'],
        summary:
          'Edit your profile: fullName and bio as JSON, or multipart/form-data that may also carry a new avatar or coverImage',
        consumes: ['application/json', 'multipart/form-data'],
        formBody: profileFormBody,
        response: { 200: userAnswer, ...errors },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      if (!isMultipart(request)) {
        const body = request.body;
        if (!body || typeof body !== 'object' || Array.isArray(body)) {
          const type = request.headers['content-type'];
          const refuse =
            type && !/^application\/json\b/i.test(type) ? unsupportedMedia : badRequest;
          throw refuse('Expected a JSON object or a multipart/form-data body.');
        }
        const fields = formFieldsOrThrow(
          profileFormBody,
          body as Record<string, unknown>,
          {},
          'The profile is not valid.',
        );
        const row = await deps.account.updateProfile(viewer, { fields });
        return ok({ user: await deps.users.sessionUser(row) }, 'Profile saved.');
      }
      const form = await readMultipart(request, deps.temp, { files: profileFormBody.files });
      try {
        const fields = formFieldsOrThrow(
          profileFormBody,
          form.fields,
          form.files,
          'The profile is not valid.',
        );
        const row = await deps.account.updateProfile(viewer, {
          fields,
          avatar: form.files.avatar,
          coverImage: form.files.coverImage,
        });
        return ok({ user: await deps.users.sessionUser(row) }, 'Profile saved.');
      } finally {
        await form.cleanup();
      }
    },
  );

  app.post(
    API_ROUTES.changePassword,
    {
      schema: {
        tags: ['users'],
        summary:
          'Change your password with the current one; every other session of the account ends, this one stays',
        body: changePasswordBodySchema,
        response: { 200: envelopeSchema(z.object({})), ...errors },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      await deps.account.changePassword(viewer, request.sessionToken()!, request.body);
      return ok({}, 'Password changed. Your other sessions were signed out.');
    },
  );

  app.post(
    API_ROUTES.changeEmail,
    {
      schema: {
        tags: ['users'],
        summary:
          'Change your email address: the new one gets a link that makes the change, the old one a notice (with a password, it is required)',
        body: changeEmailBodySchema,
        response: { 202: envelopeSchema(z.object({ pending: z.boolean() })), ...errors },
      },
    },
    async (request, reply) => {
      const viewer = await request.requireViewer();
      const result = await deps.account.changeEmail(viewer, request.body);
      const message = result.pending
        ? `We sent a link to ${request.body.email}. The change takes effect when you follow it.`
        : 'Email address changed.';
      return reply.status(202).send(ok(result, message, 202));
    },
  );

  app.post(
    API_ROUTES.changeUsername,
    {
      schema: {
        tags: ['users'],
        summary:
          'Change your username; the old /username/{old} (and GET /users/c/{old}) leads to the channel for 30 days',
        body: changeUsernameBodySchema,
        response: { 200: userAnswer, ...errors },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      const row = await deps.account.changeUsername(viewer, request.body.username);
      return ok({ user: await deps.users.sessionUser(row) }, 'Username changed.');
    },
  );

  app.delete(
    API_ROUTES.me,
    {
      schema: {
        tags: ['users'],
        summary:
          'Delete your account and everything of it (videos and their files, comments and replies, likes, subscriptions, history), with your password; an account without one signs in with Google again first (403 otherwise)',
        body: deleteAccountBodySchema,
        response: { 200: envelopeSchema(z.object({})), ...errors },
      },
    },
    async (request, reply) => {
      const viewer = await request.requireViewer();
      await deps.account.deleteOwn(
        viewer,
        request.sessionToken()!,
        request.body.password,
        deps.deletion,
      );
      clearSessionCookie(reply);
      return ok({}, 'Your account was deleted.');
    },
  );
};
