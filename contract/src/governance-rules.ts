// No zod here: the report dialog, sign-in and comments say and offer these without loading
// the governance schemas (governance.ts).

/** How new accounts come in: anyone (the default), held for a moderator, or not at all. */
export const REGISTRATION_MODES = ['open', 'approval', 'closed'] as const;
export type RegistrationMode = (typeof REGISTRATION_MODES)[number];

/** Who may comment on a video: anyone, anyone with the owner's approval, or nobody. */
export const COMMENTS_MODES = ['open', 'held', 'off'] as const;
export type CommentsMode = (typeof COMMENTS_MODES)[number];

export const REPORT_TARGETS = ['video', 'comment', 'channel'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

export const REPORT_REASONS = [
  'spam',
  'harassment',
  'sexual',
  'violence',
  'copyright',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** What the report dialog and the console call each reason. */
export const REPORT_REASON_LABELS: Readonly<Record<ReportReason, string>> = {
  spam: 'Spam or misleading',
  harassment: 'Harassment or bullying',
  sexual: 'Sexual content',
  violence: 'Violence',
  copyright: 'Copyright',
  other: 'Other',
};

export const REPORT_STATES = ['open', 'resolved', 'dismissed'] as const;
export type ReportState = (typeof REPORT_STATES)[number];

/** Every action the audit log records. */
export const AUDIT_ACTIONS = [
  'video.block',
  'video.unblock',
  'video.reprocess',
  'user.suspend',
  'user.unsuspend',
  'user.approve',
  'user.delete',
  'user.role',
  'user.quota',
  'user.create',
  'user.password',
  'user.two_factor_off',
  'settings.update',
  'report.resolve',
  'report.dismiss',
  'comment.delete',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** An account as staff filter it: active, waiting for approval, or suspended. */
export const USER_STATES = ['active', 'pending', 'suspended'] as const;
export type UserState = (typeof USER_STATES)[number];

export const GOVERNANCE_LIMITS = {
  reasonMax: 500,
  detailsMax: 1000,
  noteMax: 1000,
  instanceNameMax: 60,
  instanceDescriptionMax: 500,
  adminPageSize: 25,
  adminPageSizeMax: 100,
  /** The largest quota an operator may set, in bytes (1 PiB). */
  quotaMaxBytes: 2 ** 50,
} as const;

export const GOVERNANCE_MESSAGES = {
  detailsRequired: 'Tell us what is wrong when the reason is "Other".',
  reasonRequired: 'A reason is required.',
  registrationClosed: 'Sign-ups are closed on this instance.',
  awaitingApproval: 'Your account is waiting for a moderator’s approval.',
  accountPending:
    'This account is waiting for a moderator’s approval. You can sign in once it is approved.',
  accountSuspended: 'This account is suspended.',
  staffOnly: 'Only staff can do this.',
  adminOnly: 'Only an admin can do this.',
  staffTarget: 'Moderators can act on users only, not on other staff.',
  lastAdmin: 'The last admin cannot be demoted, suspended or removed.',
  commentsOff: 'Comments are turned off for this video.',
  blockedFromChannel: 'The channel owner does not allow you to comment on their videos.',
  commentHeld: 'Your comment is waiting for the channel owner’s approval.',
  reportNotFound: 'Report not found.',
  userNotFound: 'User not found.',
} as const;
