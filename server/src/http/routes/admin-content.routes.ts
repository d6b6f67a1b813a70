import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminDashboardSchema,
  adminPageSchema,
  adminReportSchema,
  adminReportsQuerySchema,
  adminVideoSchema,
  adminVideosQuerySchema,
  API_ROUTES,
  auditEntrySchema,
  auditQuerySchema,
  envelopeSchema,
  errorEnvelopeSchema,
  instanceSettingsPatchSchema,
  instanceSettingsSchema,
  moderationReasonSchema,
  reasonBodySchema,
  reportDecisionBodySchema,
} from '@contract';
import type { AccountAdminService } from '../../services/account-admin.service.js';
import type { AuditLog } from '../../services/audit-log.js';
import type { CommentService } from '../../services/comment.service.js';
import type { InstanceSettings } from '../../services/instance-settings.js';
import type { ReportService } from '../../services/report.service.js';
import { staffActor } from '../../rules/staff-rules.js';
import type { VideoModerationService } from '../../services/video-moderation.service.js';
import { ok } from '../envelope.js';
import { pageFields } from './admin-pages.js';

export interface AdminContentRoutesDeps {
  accounts: AccountAdminService;
  videos: VideoModerationService;
  reports: ReportService;
  comments: CommentService;
  settings: InstanceSettings;
  audit: AuditLog;
}

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};

const params = z.object({ id: z.string().min(1).max(64) });
const done = envelopeSchema(z.object({ _id: z.string() }));

const list = (message: string) => ({ statusCode: 200, success: true as const, message });

/** Staff and content: the dashboard, reports, videos, comments, settings and the audit log. */
export const adminContentRoutes: FastifyPluginAsyncZod<AdminContentRoutesDeps> = async (
  app,
  deps,
) => {
  app.get(
    API_ROUTES.adminDashboard,
    {
      schema: {
        tags: ['admin'],
        summary: 'Accounts, videos, the processing queue and open reports at a glance',
        response: { 200: envelopeSchema(adminDashboardSchema), ...errors },
      },
    },
    async () => ok(await deps.videos.dashboard(), 'Dashboard.'),
  );

  app.get(
    API_ROUTES.adminReports,
    {
      schema: {
        tags: ['admin'],
        summary: 'Reports by state (open ones oldest first), each with a summary of its target',
        querystring: adminReportsQuerySchema,
        response: { 200: adminPageSchema(adminReportSchema), ...errors },
      },
    },
    async (request) => {
      const { data, total } = await deps.reports.list(request.query);
      return { ...list('Reports found.'), data, ...pageFields(total, request.query) };
    },
  );

  for (const [route, state, summary] of [
    [API_ROUTES.adminResolveReport, 'resolved', 'Resolve an open report (action was taken)'],
    [API_ROUTES.adminDismissReport, 'dismissed', 'Dismiss an open report (nothing to do)'],
  ] as const) {
    app.post(
      route,
      {
        schema: {
          tags: ['admin'],
          summary,
          params,
          body: reportDecisionBodySchema.nullish(),
          response: { 200: done, ...errors },
        },
      },
      async (request) => {
        const actor = staffActor(await request.requireViewer());
        await deps.reports.decide(actor, request.params.id, state, request.body?.note);
        return ok({ _id: request.params.id }, `Report ${state}.`);
      },
    );
  }

  app.get(
    API_ROUTES.adminVideos,
    {
      schema: {
        tags: ['admin'],
        summary: 'Every video, newest first: search by title or id, filter blocked or hidden ones',
        querystring: adminVideosQuerySchema,
        response: { 200: adminPageSchema(adminVideoSchema), ...errors },
      },
    },
    async (request) => {
      const { data, total } = await deps.videos.list(request.query);
      return { ...list('Videos found.'), data, ...pageFields(total, request.query) };
    },
  );

  app.post(
    API_ROUTES.adminBlockVideo,
    {
      schema: {
        tags: ['admin'],
        summary:
          'Block a video: it disappears for everyone but its owner at once (who sees the reason)',
        params,
        body: reasonBodySchema,
        response: { 200: envelopeSchema(adminVideoSchema), ...errors },
      },
    },
    async (request) => {
      const actor = staffActor(await request.requireViewer());
      const video = await deps.videos.block(actor, request.params.id, request.body.reason);
      return ok(video, 'Video blocked.');
    },
  );

  app.post(
    API_ROUTES.adminUnblockVideo,
    {
      schema: {
        tags: ['admin'],
        summary: 'Unblock a video: it shows again as its owner chose',
        params,
        body: z.object({ reason: moderationReasonSchema.optional() }).nullish(),
        response: { 200: envelopeSchema(adminVideoSchema), ...errors },
      },
    },
    async (request) => {
      const actor = staffActor(await request.requireViewer());
      const video = await deps.videos.unblock(actor, request.params.id, request.body?.reason);
      return ok(video, 'Video unblocked.');
    },
  );

  app.delete(
    API_ROUTES.adminComment,
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete any comment with its replies (a reason is required)',
        params,
        body: reasonBodySchema,
        response: { 200: done, ...errors },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      await deps.comments.removeAsStaff(request.params.id, viewer, request.body.reason);
      return ok({ _id: request.params.id }, 'Comment deleted.');
    },
  );

  app.get(
    API_ROUTES.adminSettings,
    {
      schema: {
        tags: ['admin'],
        summary: 'Instance settings (admins only)',
        response: { 200: envelopeSchema(instanceSettingsSchema), ...errors },
      },
    },
    async () => ok(await deps.settings.get(), 'Settings.'),
  );

  app.patch(
    API_ROUTES.adminSettings,
    {
      schema: {
        tags: ['admin'],
        summary:
          'Change instance settings (admins only); they apply at once, on every server process',
        body: instanceSettingsPatchSchema,
        response: { 200: envelopeSchema(instanceSettingsSchema), ...errors },
      },
    },
    async (request) => {
      const actor = staffActor(await request.requireViewer());
      deps.accounts.assertMayChangeRoles(actor);
      return ok(await deps.settings.update(actor, request.body), 'Settings saved.');
    },
  );

  app.get(
    API_ROUTES.adminAudit,
    {
      schema: {
        tags: ['admin'],
        summary: 'The audit log, newest first (staff and command-line actions; never edited)',
        querystring: auditQuerySchema,
        response: { 200: adminPageSchema(auditEntrySchema), ...errors },
      },
    },
    async (request) => {
      const { data, total } = await deps.audit.page(request.query);
      return { ...list('Audit log.'), data, ...pageFields(total, request.query) };
    },
  );
};
