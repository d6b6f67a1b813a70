import { Bell } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { buttonStyles } from '../../../components/ui/button-styles';
import { cn } from '../../../lib/cn';
import { useUnreadCount } from '../api/unread-count';
import { badgeText } from '../utils/notification-text';

// The top bar is on every page; the panel's code comes when it is first opened.
const NotificationPanel = lazy(() =>
  import('./notification-panel').then((module) => ({ default: module.NotificationPanel })),
);

/**
 * The top bar's bell: the unread count, kept current by polling, and a panel of the newest
 * notifications, each leading to its video.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const unread = useUnreadCount(true);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const count = unread.data?.unread ?? 0;
  const badge = badgeText(count);

  const close = (restoreFocus = true) => {
    setOpen(false);
    if (restoreFocus) buttonRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      // A dialog opened from the panel sits outside it in the tree the pointer sees.
      const target = event.target as Element;
      if (!rootRef.current?.contains(target) && !target.closest?.('dialog')) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !document.querySelector('dialog[open]')) {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={count > 0 ? `Notifications, ${badge} unread` : 'Notifications'}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => (open ? close() : setOpen(true))}
        className={cn(buttonStyles.icon, 'relative')}
      >
        <Bell className="size-6" aria-hidden />
        {badge ? (
          <span
            aria-hidden
            className="absolute top-1 right-0.5 min-w-4 rounded-full bg-red-600 px-1 text-center text-[0.625rem] leading-4 font-semibold text-white"
          >
            {badge}
          </span>
        ) : null}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <NotificationPanel id={panelId} onClose={close} />
        </Suspense>
      ) : null}
    </div>
  );
}
