import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminPasswordBodySchema,
  adminUserListSchema,
  adminUserPatchSchema,
  adminUserSchema,
  adminUsersQuerySchema,
  API_ROUTES,
  envelopeSchema,
  errorEnvelopeSchema,
  moderationReasonSchema,
  reasonBodySchema,
} from '@contract';
import type { AccountAdminService } from '../../services/account-admin.service.js';
import type { AccountCredentials } from '../../services/account-credentials.service.js';
import type { AccountDeletionService } from '../../services/account-deletion.service.js';
import { staffActor } from '../../rules/staff-rules.js';
import { ok } from '../envelope.js';
import { pageFields } from './admin-pages.js';

export interface AdminUsersRoutesDeps {
  accounts: AccountAdminService;
  /** A new password, two-factor sign-in turned off. */
  credentials: AccountCredentials;
  /** The one deletion of an account and everything of it (a user's own DELETE /users/me too). */
  deletion: AccountDeletionService;
}

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};

// Malformed ids are a 404 from the service, like unknown ones.
const params = z.object({ id: z.string().min(1).max(64) });
const optionalReason = z.object({ reason: moderationReasonSchema.optional() }).nullish();

/**
 * Staff and accounts: list, role and quota, suspension, approval, password, two-factor and
 * deletion.
 */
export const adminUsersRoutes: FastifyPluginAsyncZod<AdminUsersRoutesDeps> = async (app, deps) => {
  const { accounts, credentials } = deps;

  app.get(
    API_ROUTES.adminUsers,
    {
      schema: {
        tags: ['admin'],
        summary: 'Accounts, newest first: search by username or email, filter by state or role',
        querystring: adminUsersQuerySchema,
        response: { 200: adminUserListSchema, ...errors },
      },
    },
    async (request) => {
      const { data, total, pending } = await accounts.list(request.query);
      return {
        ...pageFields(total, request.query),
        statusCode: 200,
        success: true as const,
        message: 'Users found.',
        data,
        pendingCount: pending,
      };
    },
  );

  app.patch(
    API_ROUTES.adminUser,
    {
      schema: {
        tags: ['admin'],
        summary: 'Change an account’s role (admins only) or storage quota',
        params,
        body: adminUserPatchSchema,
        response: { 200: envelopeSchema(adminUserSchema), ...errors },
      },
    },
    async (request) => {
      const actor = staffActor(await request.requireViewer());
      const target = await accounts.account(request.params.id);
      // Checked before anything changes, so a refused role leaves the quota alone too.
      if (request.body.role !== undefined) accounts.assertMayChangeRoles(actor);
      accounts.assertMayActOn(actor, target);
      if (request.body.quotaBytes !== undefined) {
        await accounts.setQuota(actor, target, request.body.quotaBytes);
      }
      if (request.body.role !== undefined) {
        await accounts.changeRole(actor, target, request.body.role);
      }
      return ok(await accounts.view(target), 'User updated.');
    },
  );

  app.delete(
    API_ROUTES.adminUser,
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete an account with all its content and files (a reason is required)',
        params,
        body: reasonBodySchema,
        response: { 200: envelopeSchema(z.object({ _id: z.string() })), ...errors },
      },
    },
    async (request) => {
      const actor = staffActor(await request.requireViewer());
      const target = await accounts.account(request.params.id);
      await accounts.delete(actor, target, request.body.reason, deps.deletion);
      return ok({ _id: target.id }, 'User deleted.');
    },
  );

  app.post(
    API_ROUTES.adminSuspendUser,
    {
      schema: {
        tags: ['admin'],
        summary:
          'Suspend an account: its sessions end, sign-in is refused, its videos and comments ' +
          'are hidden from others until lifted',
        params,
        body: reasonBodySchema,
        response: { 200: envelopeSchema(adminUserSchema), ...errors },
      },
    },
    async (request) => {
      const actor = staffActor(await request.requireViewer());
      const target = await accounts.account(request.params.id);
      await accounts.suspend(actor, target, request.body.reason);
      return ok(await accounts.view(target), 'User suspended.');
    },
  );

  app.post(
    API_ROUTES.adminUnsuspendUser,
    {
      schema: {
        tags: ['admin'],
        summary: 'Lift a suspension: the account’s content shows again as its owner chose',
        params,
        body: optionalReason,
        response: { 200: envelopeSchema(adminUserSchema), ...errors },
      },
    },
    async (request) => {
      const actor = staffActor(await request.requireViewer());
      const target = await accounts.account(request.params.id);
      await accounts.unsuspend(actor, target, request.body?.reason);
      return ok(await accounts.view(target), 'Suspension lifted.');
    },
  );

  app.post(
    API_ROUTES.adminApproveUser,
    {
      schema: {
        tags: ['admin'],
        summary: 'Approve a sign-up held for approval: the account can sign in',
        params,
        body: optionalReason,
        response: { 200: envelopeSchema(adminUserSchema), ...errors },
      },
    },
    async (request) => {
      const actor = staffActor(await request.requireViewer());
      const target = await accounts.account(request.params.id);
      await accounts.approve(actor, target);
      return ok(await accounts.view(target), 'User approved.');
    },
  );

  app.post(
    API_ROUTES.adminUserTwoFactorOff,
    {
      schema: {
        tags: ['admin'],
        summary:
          'Turn off an account’s two-factor sign-in (admins only), for someone who lost their ' +
          'authenticator and recovery codes: the password alone signs in again',
        params,
        body: optionalReason,
        response: { 200: envelopeSchema(adminUserSchema), ...errors },
      },
    },
    async (request) => {
      const actor = staffActor(await request.requireViewer());
      const target = await accounts.account(request.params.id);
      await credentials.turnOffTwoFactor(actor, target, request.body?.reason);
      return ok(await accounts.view(target), 'Two-factor sign-in is off.');
    },
  );

  app.post(
    API_ROUTES.adminUserPassword,
    {
      schema: {
        tags: ['admin'],
        summary:
          'Set an account’s password (admins only), for someone who cannot reset it by mail: ' +
          'every session of the account ends and its address is told',
        params,
        body: adminPasswordBodySchema,
        response: { 200: envelopeSchema(adminUserSchema), ...errors },
      },
    },
    async (request) => {
      const actor = staffActor(await request.requireViewer());
      const target = await accounts.account(request.params.id);
      await credentials.resetPassword(actor, target, request.body.password, request.body.reason);
      return ok(await accounts.view(target), 'Password set. Every session of the account ended.');
    },
  );
};
