import { z } from 'zod';
import { LIMITS } from './limits.js';
import { NOTIFICATION_KINDS, NOTIFICATIONS_UNREAD_MAX } from './notification-kinds.js';
import { videoSchema } from './video.js';

export const notificationSchema = z.object({
  _id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  read: z.boolean(),
  createdAt: z.string(),
  video: videoSchema.optional(),
  comment: z
    .object({ _id: z.string(), content: z.string().describe('At most 200 characters of it.') })
    .optional(),
  actor: z
    .object({ _id: z.string(), username: z.string(), avatar: z.string() })
    .optional()
    .describe('Who did it: the channel of a new video, the author of a comment.'),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(20),
});

/** Read at the top level like the other lists; `unread` counts up to NOTIFICATIONS_UNREAD_MAX. */
export const notificationListSchema = z.object({
  statusCode: z.number().int(),
  success: z.literal(true),
  message: z.string(),
  data: z.array(notificationSchema).describe('Newest first, of the last 90 days.'),
  unread: z
    .number()
    .int()
    .describe(`Unread ones, counted up to ${NOTIFICATIONS_UNREAD_MAX + 1}.`),
  currentPage: z.number().int(),
  hasMore: z.boolean(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const unreadCountSchema = z.object({
  unread: z
    .number()
    .int()
    .describe(`Counted up to ${NOTIFICATIONS_UNREAD_MAX + 1}.`),
});
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export const notificationsReadSchema = z.object({
  ids: z
    .array(z.string().min(1).max(64))
    .max(LIMITS.pageSizeMax)
    .optional()
    .describe('The notifications to mark read; every one when absent.'),
});

/** Which kinds the caller wants; all on until turned off. */
export const notificationSettingsSchema = z.object({
  new_video: z.boolean(),
  comment_reply: z.boolean(),
  video_comment: z.boolean(),
  processing_done: z.boolean(),
  processing_failed: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const notificationSettingsUpdateSchema = notificationSettingsSchema
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: 'Send at least one kind.' });
