import { useEffect, useId, useRef, type ReactNode } from 'react';
import { X } from 'lucide-react';
import { cn } from '../../lib/cn';

type DialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  className?: string;
};

/** What in a dialog's body takes focus when what had it went away. */
const FOCUSABLE =
  'input:not([disabled]), textarea:not([disabled]), select:not([disabled]), button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

/**
 * Modal built on the native <dialog>: the browser supplies the focus trap, the inert
 * background and Escape handling, which are easy to get subtly wrong by hand. Closing it
 * returns focus to what opened it (a menu's button, when a menu item opened it: the menu puts
 * focus back on its button before the item acts), and when the focused element inside goes
 * away (a step of a wizard replaced by the next), focus moves to the first control of the body
 * instead of falling out to the page.
 */
export function Dialog({ open, onClose, title, children, className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      dialog.showModal();
    }
    if (!open && dialog.open) {
      dialog.close();
      returnFocus(opener);
    }
  }, [open]);

  // Unmounted while open (its page went away): focus still goes back where it came from.
  useEffect(() => () => returnFocus(opener), []);

  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const observer = new MutationObserver(() => {
      if (!dialog.open || dialog.contains(document.activeElement)) return;
      const target =
        bodyRef.current?.querySelector<HTMLElement>(FOCUSABLE) ??
        dialog.querySelector<HTMLElement>(FOCUSABLE);
      target?.focus();
    });
    observer.observe(dialog, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click whose target is the <dialog> itself landed on the backdrop.
        if (event.target === event.currentTarget) onClose();
      }}
      className={cn(
        'm-auto w-[min(32rem,calc(100vw-2rem))] rounded-2xl border border-line bg-raised p-0 text-ink shadow-2xl backdrop:bg-black/70',
        className,
      )}
    >
      {open ? (
        <div className="p-6">
          <div className="mb-5 flex items-center justify-between gap-4">
            <h2 id={titleId} className="text-xl font-semibold text-ink-strong">
              {title}
            </h2>
            <button
              type="button"
              aria-label="Close"
              onClick={onClose}
              className="-mr-2 rounded-full p-2 text-ink hover:bg-hover"
            >
              <X className="size-5" aria-hidden />
            </button>
          </div>
          <div ref={bodyRef}>{children}</div>
        </div>
      ) : null}
    </dialog>
  );
}

/** Focuses the element that opened a dialog, if it is still on the page. */
function returnFocus(opener: { current: HTMLElement | null }) {
  const back = opener.current;
  opener.current = null;
  if (back?.isConnected) back.focus();
}
