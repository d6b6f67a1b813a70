import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCOUNT_MESSAGES,
  API_ROUTES,
  envelopeSchema,
  errorEnvelopeSchema,
  instanceSchema,
  passwordResetBodySchema,
  passwordResetConfirmBodySchema,
  verifyEmailBodySchema,
  verifyEmailDataSchema,
} from '@contract';
import type { EmailVerificationService } from '../../services/email-verification.service.js';
import type { PasswordResetService } from '../../services/password-reset.service.js';
import { ok } from '../envelope.js';

export interface AccountLinksRoutesDeps {
  verification: EmailVerificationService;
  passwordReset: PasswordResetService;
  instance: () => Promise<z.infer<typeof instanceSchema>>;
}

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  410: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
  503: errorEnvelopeSchema,
};

/** What this server offers, and the links sent by mail: verify an address, reset a password. */
export const accountLinksRoutes: FastifyPluginAsyncZod<AccountLinksRoutesDeps> = async (
  app,
  deps,
) => {
  app.get(
    API_ROUTES.instance,
    {
      schema: {
        tags: ['users'],
        summary:
          'What this server offers: its name, whether it sends mail, whether addresses must be confirmed',
        response: { 200: envelopeSchema(instanceSchema) },
      },
    },
    async () => ok(await deps.instance(), 'Instance.'),
  );

  app.post(
    API_ROUTES.verifyEmail,
    {
      schema: {
        tags: ['users'],
        summary:
          'Confirms an address with the token of the link sent to it (on sign-up, or to a new address, which then becomes the account’s). 400 unknown or used, 410 expired',
        body: verifyEmailBodySchema,
        response: { 200: envelopeSchema(verifyEmailDataSchema), ...errors },
      },
    },
    async (request) =>
      ok(await deps.verification.verify(request.body.token), 'Email address confirmed.'),
  );

  app.post(
    API_ROUTES.resendVerification,
    {
      schema: {
        tags: ['users'],
        summary: 'Sends the confirmation link again (5 an hour); 409 when the server sends no mail',
        response: { 202: envelopeSchema(z.object({})), ...errors },
      },
    },
    async (request, reply) => {
      await deps.verification.resend(await request.requireViewer());
      return reply.status(202).send(ok({}, 'We sent you a new link.', 202));
    },
  );

  app.post(
    API_ROUTES.passwordReset,
    {
      schema: {
        tags: ['users'],
        summary:
          'Sends a reset link (1 hour, once) to the address if an account has it: 202 with the same body either way. Limited per address and per client (429)',
        body: passwordResetBodySchema,
        response: { 202: envelopeSchema(z.object({})), ...errors },
      },
    },
    async (request, reply) => {
      await deps.passwordReset.request(request.body.email, request.ip);
      return reply.status(202).send(ok({}, ACCOUNT_MESSAGES.resetRequested, 202));
    },
  );

  app.post(
    API_ROUTES.passwordResetConfirm,
    {
      schema: {
        tags: ['users'],
        summary:
          'Sets a new password with the reset link’s token and signs the account out everywhere. 400 unknown or used, 410 expired',
        body: passwordResetConfirmBodySchema,
        response: { 200: envelopeSchema(z.object({})), ...errors },
      },
    },
    async (request) => {
      await deps.passwordReset.confirm(request.body.token, request.body.password);
      return ok({}, 'Your password was changed. Sign in with the new one.');
    },
  );
};
