// No zod here: the bell in the top bar, on every page, reads these.

/**
 * What a notification is about: a subscribed channel's new video, a reply to the caller's
 * comment, a comment on the caller's video, and the end of processing of the caller's upload.
 */
export const NOTIFICATION_KINDS = [
  'new_video',
  'comment_reply',
  'video_comment',
  'processing_done',
  'processing_failed',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The unread count is counted up to one more than this; the bell shows "99+" beyond it. */
export const NOTIFICATIONS_UNREAD_MAX = 99;
