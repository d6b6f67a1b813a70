import { z } from 'zod';
import { ROLES } from './roles.js';
import {
  AUDIT_ACTIONS,
  GOVERNANCE_LIMITS,
  GOVERNANCE_MESSAGES,
  REGISTRATION_MODES,
  REPORT_REASONS,
  REPORT_STATES,
  REPORT_TARGETS,
  USER_STATES,
} from './governance-rules.js';
import { multiLine, singleLine } from './text.js';
import { passwordSchema } from './user.js';

/**
 * Reports, moderation and instance settings: what signed-in users send (reports) and what
 * staff read and send under /admin (OpenAPI documents each).
 */

/** A reason staff give for an action: one line of text, required. */
export const moderationReasonSchema = z
  .string({ error: GOVERNANCE_MESSAGES.reasonRequired })
  .trim()
  .min(1, GOVERNANCE_MESSAGES.reasonRequired)
  .max(
    GOVERNANCE_LIMITS.reasonMax,
    `A reason must be at most ${GOVERNANCE_LIMITS.reasonMax} characters.`,
  )
  .regex(...singleLine('The reason'));

export const reasonBodySchema = z.object({ reason: moderationReasonSchema });

/** POST /admin/users/:id/password: the account's new password, and why for the audit log. */
export const adminPasswordBodySchema = z.object({
  password: passwordSchema,
  reason: moderationReasonSchema.optional(),
});

/** POST /reports. `details` is required with the reason `other`. */
export const reportBodySchema = z
  .object({
    targetType: z.enum(REPORT_TARGETS, { error: 'targetType must be video, comment or channel.' }),
    targetId: z.string().regex(/^[0-9a-f]{24}$/, 'targetId must be an id.'),
    reason: z.enum(REPORT_REASONS, {
      error: 'reason must be spam, harassment, sexual, violence, copyright or other.',
    }),
    details: z
      .string()
      .trim()
      .max(
        GOVERNANCE_LIMITS.detailsMax,
        `Details must be at most ${GOVERNANCE_LIMITS.detailsMax} characters.`,
      )
      .regex(...multiLine('Details'))
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.reason === 'other' && !body.details) {
      ctx.addIssue({
        code: 'custom',
        path: ['details'],
        message: GOVERNANCE_MESSAGES.detailsRequired,
      });
    }
  });
export type ReportBody = z.infer<typeof reportBodySchema>;

/** A report as its reporter gets it back. */
export const reportSchema = z.object({
  _id: z.string(),
  targetType: z.enum(REPORT_TARGETS),
  targetId: z.string(),
  reason: z.enum(REPORT_REASONS),
  details: z.string().nullable(),
  state: z.enum(REPORT_STATES),
  createdAt: z.string(),
});
export type Report = z.infer<typeof reportSchema>;

const personSchema = z.object({ _id: z.string(), username: z.string() });

/** What a report is about, as the console shows it; null once the target is gone. */
export const reportTargetSummarySchema = z.object({
  /** The video's title, the comment's text (cut short), or the channel's name. */
  text: z.string(),
  owner: personSchema,
  /** The comment's video, for a link to it. */
  videoId: z.string().nullable(),
  /** True while staff keep it from others (a blocked video, a suspended account's content). */
  hidden: z.boolean(),
});

export const adminReportSchema = reportSchema.extend({
  target: reportTargetSummarySchema.nullable(),
  reporter: personSchema.nullable(),
  resolvedAt: z.string().nullable(),
  resolvedBy: personSchema.nullable(),
  note: z.string().nullable(),
});
export type AdminReport = z.infer<typeof adminReportSchema>;

const pageSchema = z.coerce.number().int().min(1).max(1_000_000).default(1);
const limitSchema = z.coerce
  .number()
  .int()
  .min(1)
  .max(GOVERNANCE_LIMITS.adminPageSizeMax)
  .default(GOVERNANCE_LIMITS.adminPageSize);
const searchSchema = z
  .string()
  .trim()
  .max(100)
  .regex(...singleLine('The search'))
  .optional();

/** A page of an admin list: the rows under `data`, paging beside them. */
export function adminPageSchema<T extends z.ZodType>(row: T) {
  return z.object({
    statusCode: z.number().int(),
    success: z.literal(true),
    message: z.string(),
    data: z.array(row),
    total: z.number().int(),
    totalPages: z.number().int(),
    currentPage: z.number().int(),
  });
}

export const adminReportsQuerySchema = z.object({
  state: z.enum(REPORT_STATES).default('open'),
  targetType: z.enum(REPORT_TARGETS).optional(),
  page: pageSchema,
  limit: limitSchema,
});
export type AdminReportsQuery = z.infer<typeof adminReportsQuerySchema>;

export const reportDecisionBodySchema = z.object({
  note: z
    .string()
    .trim()
    .max(
      GOVERNANCE_LIMITS.noteMax,
      `A note must be at most ${GOVERNANCE_LIMITS.noteMax} characters.`,
    )
    .regex(...multiLine('The note'))
    .optional(),
});

export const adminUsersQuerySchema = z.object({
  query: searchSchema.describe('Part of a username or email'),
  state: z.enum(USER_STATES).optional(),
  role: z.enum(ROLES).optional(),
  page: pageSchema,
  limit: limitSchema,
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

export const adminUserSchema = z.object({
  _id: z.string(),
  username: z.string(),
  email: z.string(),
  fullName: z.string(),
  avatar: z.string(),
  role: z.enum(ROLES),
  state: z.enum(USER_STATES),
  suspendedAt: z.string().nullable(),
  suspensionReason: z.string().nullable(),
  /** The user's own quota; null: the instance default applies. */
  quotaBytes: z.number().int().nullable(),
  /** Whether sign-in asks this account for a code from an authenticator app. */
  twoFactor: z.boolean(),
  videosCount: z.number().int(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserListSchema = adminPageSchema(adminUserSchema).extend({
  /** Sign-ups waiting for approval, whatever the filter. */
  pendingCount: z.number().int(),
});

export const quotaBytesSchema = z
  .number()
  .int('quotaBytes must be a whole number of bytes.')
  .min(0, 'quotaBytes must not be negative.')
  .max(GOVERNANCE_LIMITS.quotaMaxBytes, 'quotaBytes is too large.');

export const adminUserPatchSchema = z
  .object({
    role: z.enum(ROLES, { error: 'role must be admin, moderator or user.' }).optional(),
    quotaBytes: quotaBytesSchema.nullable().optional().describe('null: the instance default'),
  })
  .refine((b) => b.role !== undefined || b.quotaBytes !== undefined, {
    message: 'Send role or quotaBytes.',
  });
export type AdminUserPatch = z.infer<typeof adminUserPatchSchema>;

export const ADMIN_VIDEO_STATES = ['all', 'blocked', 'visible', 'hidden'] as const;

export const adminVideosQuerySchema = z.object({
  query: searchSchema.describe('Part of a title, or a video id'),
  state: z.enum(ADMIN_VIDEO_STATES).default('all'),
  page: pageSchema,
  limit: limitSchema,
});
export type AdminVideosQuery = z.infer<typeof adminVideosQuerySchema>;

export const adminVideoSchema = z.object({
  _id: z.string(),
  title: z.string(),
  thumbnail: z.string(),
  owner: personSchema,
  /** The owner's choice; `hidden` says whether others can see it now. */
  visibility: z.enum(['private', 'unlisted', 'public']),
  status: z.enum(['processing', 'ready', 'failed']),
  views: z.number().int(),
  blockedReason: z.string().nullable(),
  blockedAt: z.string().nullable(),
  ownerSuspended: z.boolean(),
  /** Kept from everyone but its owner (private, blocked, unplayable or its owner suspended). */
  hidden: z.boolean(),
  createdAt: z.string(),
});
export type AdminVideo = z.infer<typeof adminVideoSchema>;

export const instanceSettingsSchema = z.object({
  registration: z.enum(REGISTRATION_MODES),
  instanceName: z.string(),
  instanceDescription: z.string(),
  /** Storage each user may fill; null: the server's environment default (USER_QUOTA_BYTES). */
  defaultQuotaBytes: z.number().int().nullable(),
  /** What each user may upload in 24 hours; null: the environment's (USER_DAILY_QUOTA_BYTES). */
  defaultDailyQuotaBytes: z.number().int().nullable(),
});
export type InstanceSettings = z.infer<typeof instanceSettingsSchema>;

export const instanceSettingsPatchSchema = z
  .object({
    registration: z
      .enum(REGISTRATION_MODES, { error: 'registration must be open, approval or closed.' })
      .optional(),
    instanceName: z
      .string()
      .trim()
      .min(1, 'The instance name is required.')
      .max(
        GOVERNANCE_LIMITS.instanceNameMax,
        `The instance name must be at most ${GOVERNANCE_LIMITS.instanceNameMax} characters.`,
      )
      .regex(...singleLine('The instance name'))
      .optional(),
    instanceDescription: z
      .string()
      .trim()
      .max(
        GOVERNANCE_LIMITS.instanceDescriptionMax,
        `The description must be at most ${GOVERNANCE_LIMITS.instanceDescriptionMax} characters.`,
      )
      .regex(...multiLine('The description'))
      .optional(),
    defaultQuotaBytes: quotaBytesSchema.nullable().optional(),
    defaultDailyQuotaBytes: quotaBytesSchema.nullable().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    message: 'Send at least one setting.',
  });
export type InstanceSettingsPatch = z.infer<typeof instanceSettingsPatchSchema>;

export const auditEntrySchema = z.object({
  _id: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  /** Null for the command line. */
  actor: personSchema.nullable(),
  targetType: z.string(),
  targetId: z.string(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuerySchema = z.object({
  action: z.enum(AUDIT_ACTIONS).optional(),
  page: pageSchema,
  limit: limitSchema,
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const adminDashboardSchema = z.object({
  users: z.object({
    total: z.number().int(),
    pending: z.number().int(),
    suspended: z.number().int(),
    staff: z.number().int(),
  }),
  videos: z.object({
    total: z.number().int(),
    public: z.number().int(),
    blocked: z.number().int(),
  }),
  /** Bytes of media the videos keep (originals and outputs). */
  storageBytes: z.number(),
  queue: z.object({
    queued: z.number().int(),
    running: z.number().int(),
    stalled: z.number().int(),
  }),
  openReports: z.number().int(),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

/** A comment on the caller's videos waiting for their approval (the studio's list). */
export const heldCommentsQuerySchema = z.object({
  page: pageSchema,
  limit: limitSchema,
});

export const blockedUserSchema = z.object({
  _id: z.string(),
  username: z.string(),
  fullName: z.string(),
  avatar: z.string(),
  blockedAt: z.string(),
});
export type BlockedUser = z.infer<typeof blockedUserSchema>;

export const channelBlockSchema = z.object({
  _id: z.string().describe('The user'),
  blocked: z.boolean(),
});
