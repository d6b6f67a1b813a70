import {
  NOTIFICATIONS_UNREAD_MAX,
  ROUTES,
  type Notification,
  type NotificationKind,
} from '@contract';

/** How often the bell asks for the unread count while the tab is visible. */
export const NOTIFICATIONS_POLL_MS = 15_000;

/** The bell's badge: nothing at 0, "99+" past the most the server counts. */
export function badgeText(unread: number): string {
  if (unread <= 0) return '';
  return unread > NOTIFICATIONS_UNREAD_MAX ? `${NOTIFICATIONS_UNREAD_MAX}+` : String(unread);
}

/** What a notification says, in one line. */
export function notificationText(n: Notification): string {
  const who = n.actor?.username ?? 'Someone';
  const title = n.video?.title ?? 'a video';
  const quote = n.comment ? `: “${n.comment.content}”` : '';
  switch (n.kind) {
    case 'new_video':
      return `${who} uploaded: ${title}`;
    case 'comment_reply':
      return `${who} replied to your comment${quote}`;
    case 'video_comment':
      return `${who} commented on ${title}${quote}`;
    case 'processing_done':
      return `Your video ${title} is ready to watch`;
    case 'processing_failed':
      return `Processing of your video ${title} failed`;
  }
}

/** Where a notification leads: the video, or for a failed upload its page in the studio. */
export function notificationLink(n: Notification): string {
  if (!n.video) return ROUTES.home;
  return n.kind === 'processing_failed'
    ? ROUTES.studioContentVideo(n.video._id)
    : ROUTES.watch(n.video._id);
}

export const KIND_LABELS: Record<NotificationKind, string> = {
  new_video: 'New videos from my subscriptions',
  comment_reply: 'Replies to my comments',
  video_comment: 'Comments on my videos',
  processing_done: 'My uploads are ready',
  processing_failed: 'My uploads failed to process',
};
