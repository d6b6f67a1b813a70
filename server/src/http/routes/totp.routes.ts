import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_ROUTES,
  envelopeSchema,
  errorEnvelopeSchema,
  totpConfirmBodySchema,
  totpConfirmDataSchema,
  totpDisableBodySchema,
  totpSetupSchema,
} from '@contract';
import type { TotpService } from '../../services/totp.service.js';
import { ok } from '../envelope.js';

export interface TotpRoutesDeps {
  totp: TotpService;
}

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};

/** Two-factor sign-in: set up, confirm with a first code, turn off. */
export const totpRoutes: FastifyPluginAsyncZod<TotpRoutesDeps> = async (app, deps) => {
  app.post(
    API_ROUTES.totp,
    {
      schema: {
        tags: ['users'],
        summary:
          'Start two-factor sign-in: a new secret and its otpauth:// URL (show it as a QR code); on once confirmed',
        response: { 200: envelopeSchema(totpSetupSchema), ...errors },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      return ok(await deps.totp.setup(viewer), 'Scan the code with your authenticator app.');
    },
  );

  app.post(
    API_ROUTES.totpConfirm,
    {
      schema: {
        tags: ['users'],
        summary:
          'Turn two-factor sign-in on with a first code; answers 10 one-time recovery codes, shown this once',
        body: totpConfirmBodySchema,
        response: { 200: envelopeSchema(totpConfirmDataSchema), ...errors },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      const recoveryCodes = await deps.totp.confirm(viewer, request.body.code);
      return ok({ recoveryCodes }, 'Two-factor sign-in is on.');
    },
  );

  app.delete(
    API_ROUTES.totp,
    {
      schema: {
        tags: ['users'],
        summary: 'Turn two-factor sign-in off with your password and a code (or a recovery code)',
        body: totpDisableBodySchema,
        response: { 200: envelopeSchema(z.object({})), ...errors },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      await deps.totp.disable(viewer, request.body.password, request.body.code);
      return ok({}, 'Two-factor sign-in is off.');
    },
  );
};
