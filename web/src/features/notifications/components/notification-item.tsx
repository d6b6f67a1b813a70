import type { Notification } from '@contract';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { cn } from '../../../lib/cn';
import { formatRelativeTime } from '../../../lib/format';
import { notificationLink, notificationText } from '../utils/notification-text';

/** One notification: who, what, when, the video's thumbnail; a dot while unread. */
export function NotificationItem({
  notification,
  onOpen,
}: {
  notification: Notification;
  onOpen: (notification: Notification) => void;
}) {
  const text = notificationText(notification);
  return (
    <li>
      <Link
        to={notificationLink(notification)}
        onClick={() => onOpen(notification)}
        className={cn(
          'flex items-start gap-3 px-4 py-3 transition-colors hover:bg-hover',
          !notification.read && 'bg-accent/5',
        )}
      >
        <span
          className={cn(
            'mt-3 size-1.5 shrink-0 rounded-full',
            notification.read ? 'bg-transparent' : 'bg-accent',
          )}
          aria-hidden
        />
        {notification.actor ? (
          <Avatar
            src={notification.actor.avatar}
            name={notification.actor.username}
            size="md"
            decorative
          />
        ) : null}
        <span className="min-w-0 flex-1">
          <span className="line-clamp-3 text-sm break-words text-ink-strong">
            {notification.read ? null : <span className="sr-only">Unread: </span>}
            {text}
          </span>
          <time dateTime={notification.createdAt} className="mt-1 block text-xs text-ink-muted">
            {formatRelativeTime(notification.createdAt)}
          </time>
        </span>
        {notification.video ? (
          <img
            src={notification.video.thumbnail}
            alt=""
            loading="lazy"
            className="aspect-video w-20 shrink-0 rounded-md bg-hover object-cover"
          />
        ) : null}
      </Link>
    </li>
  );
}
