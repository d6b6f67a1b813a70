import { ROUTES, type Notification } from '@contract';
import { Settings } from 'lucide-react';
import { Link } from 'react-router';
import { buttonStyles } from '../../../components/ui/button-styles';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { useNotifications } from '../api/get-notifications';
import { useMarkRead } from '../api/mark-read';
import { NotificationItem } from './notification-item';

/** The bell's panel: the newest notifications, Mark all as read, and the settings. */
export function NotificationPanel({
  onClose,
  id,
}: {
  onClose: (restoreFocus?: boolean) => void;
  id: string;
}) {
  const list = useNotifications(true);
  const markRead = useMarkRead();
  const items = list.data?.pages.flatMap((page) => page.data) ?? [];
  const anyUnread = items.some((n) => !n.read);

  const open = (notification: Notification) => {
    if (!notification.read) markRead.mutate([notification._id]);
    onClose(false);
  };

  return (
    <section
      id={id}
      aria-label="Notifications"
      className={cn(
        'absolute top-full right-0 z-50 mt-2 flex max-h-[calc(100dvh-5rem)] w-[min(28rem,calc(100vw-1rem))] flex-col overflow-hidden rounded-xl border border-line bg-raised shadow-2xl shadow-black/50',
        // On a phone the account button sits right of the bell, so a panel as wide as the
        // screen hung from the bell would run off the left edge: it spans the screen instead.
        'max-sm:fixed max-sm:inset-x-2 max-sm:top-topbar max-sm:mt-0 max-sm:w-auto',
      )}
    >
      <div className="flex items-center justify-between gap-2 border-b border-line px-4 py-2">
        <h2 className="text-base font-semibold text-ink-strong">Notifications</h2>
        <div className="flex items-center gap-1">
          <button
            type="button"
            className={cn(buttonStyles.ghost, 'h-8 px-3')}
            disabled={!anyUnread || markRead.isPending}
            onClick={() => markRead.mutate(undefined)}
          >
            Mark all as read
          </button>
          <Link
            to={ROUTES.settings}
            aria-label="Notification settings"
            className={cn(buttonStyles.icon, 'size-8')}
            onClick={() => onClose(false)}
          >
            <Settings className="size-4" aria-hidden />
          </Link>
        </div>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {list.isPending ? (
          <div className="flex justify-center py-8">
            <Spinner label="Loading notifications" />
          </div>
        ) : list.isLoadingError ? (
          <p className="px-4 py-6 text-sm text-ink">Notifications could not be loaded.</p>
        ) : items.length === 0 ? (
          <p className="px-4 py-6 text-sm text-ink">
            Nothing yet. New videos from your subscriptions, replies and comments show up here.
          </p>
        ) : (
          <ul aria-label="Notification list">
            {items.map((notification) => (
              <NotificationItem key={notification._id} notification={notification} onOpen={open} />
            ))}
          </ul>
        )}
        {list.hasNextPage ? (
          <div className="flex justify-center p-2">
            <button
              type="button"
              className={buttonStyles.ghost}
              disabled={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              Show more
            </button>
          </div>
        ) : null}
      </div>
    </section>
  );
}
