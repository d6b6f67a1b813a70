import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_ROUTES,
  envelopeSchema,
  errorEnvelopeSchema,
  notificationListSchema,
  notificationSettingsSchema,
  notificationSettingsUpdateSchema,
  notificationsQuerySchema,
  notificationsReadSchema,
  unreadCountSchema,
} from '@contract';
import type { NotificationService } from '../../services/notification.service.js';
import { ok } from '../envelope.js';

export interface NotificationsRoutesDeps {
  notifications: NotificationService;
}

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
};

/** The ETag of an unread count: the count is all the bell shows. */
export const unreadEtag = (unread: number) => `"unread-${unread}"`;

export const notificationsRoutes: FastifyPluginAsyncZod<NotificationsRoutesDeps> = async (
  app,
  deps,
) => {
  app.get(
    API_ROUTES.notifications,
    {
      schema: {
        tags: ['notifications'],
        summary:
          'The caller’s notifications, newest first (new videos of subscribed channels, replies, comments on their videos, processing), with the unread count',
        querystring: notificationsQuerySchema,
        response: { 200: notificationListSchema, ...errors },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      const { page, limit } = request.query;
      const list = await deps.notifications.list(viewer, page, limit);
      return { statusCode: 200, success: true as const, message: 'Notifications.', ...list };
    },
  );

  app.get(
    API_ROUTES.notificationsUnread,
    {
      schema: {
        tags: ['notifications'],
        summary:
          'The unread count alone, for polling: with `If-None-Match` of the last answer’s ETag, 304 while it is unchanged',
        headers: z.object({ 'if-none-match': z.string().max(200).optional() }),
        response: { 200: envelopeSchema(unreadCountSchema), 304: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const viewer = await request.requireViewer();
      const unread = await deps.notifications.unread(viewer);
      const etag = unreadEtag(unread);
      reply.header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send(null);
      return ok({ unread }, 'Unread notifications.');
    },
  );

  app.post(
    API_ROUTES.notificationsRead,
    {
      schema: {
        tags: ['notifications'],
        summary: 'Marks the given notifications read, or all of them when `ids` is absent',
        body: notificationsReadSchema.optional(),
        response: { 200: envelopeSchema(unreadCountSchema), ...errors },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      await deps.notifications.markRead(viewer, request.body?.ids);
      return ok({ unread: await deps.notifications.unread(viewer) }, 'Marked read.');
    },
  );

  app.get(
    API_ROUTES.notificationSettings,
    {
      schema: {
        tags: ['notifications'],
        summary: 'Which kinds of notification the caller wants',
        response: { 200: envelopeSchema(notificationSettingsSchema), ...errors },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      return ok(await deps.notifications.settings(viewer), 'Notification settings.');
    },
  );

  app.patch(
    API_ROUTES.notificationSettings,
    {
      schema: {
        tags: ['notifications'],
        summary: 'Turns kinds of notification on or off (those sent; the rest stay as they are)',
        body: notificationSettingsUpdateSchema,
        response: { 200: envelopeSchema(notificationSettingsSchema), ...errors },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      const settings = await deps.notifications.updateSettings(viewer, request.body);
      return ok(settings, 'Notification settings saved.');
    },
  );
};
