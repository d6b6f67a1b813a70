import { useEffect, useId, useRef, type ReactNode } from 'react';
import { X } from 'lucide-react';
import { cn } from '../../lib/cn';
import {
  firstConnected,
  successorCandidates,
  type FocusSuccessor,
} from '../../lib/focus-successor';

type DialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  className?: string;
  /**
   * Where focus goes when the dialog closes and what opened it has left the page with the list
   * entry it was in (the entry a confirm deleted): see FocusSuccessor. Without one, or when none
   * of its candidates is left, focus goes to the first control of the nearest part of the page
   * around the opener that is still there; never to the body.
   */
  successor?: FocusSuccessor;
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
 * instead of falling out to the page. When what opened it is gone too (the item a confirm
 * deleted), focus goes to its `successor` or the nearest surviving part of the page.
 *
 * Escape belongs to the innermost thing open: a popup inside the dialog (a menu, a listbox, a
 * picker) claims it with `claimEscape`, and the dialog then stays open. As a safety net, an
 * Escape whose propagation a popup stopped (which alone does not stop the browser closing a
 * modal <dialog>) is taken as claimed too.
 */
export function Dialog({ open, onClose, title, children, className, successor }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const opener = useRef<Opener | null>(null);
  const lastEscape = useRef<{ event: KeyboardEvent; stopped: boolean } | null>(null);
  const successorRef = useRef(successor);
  const titleId = useId();

  useEffect(() => {
    successorRef.current = successor;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const active = document.activeElement;
      opener.current =
        active instanceof HTMLElement && active !== document.body
          ? {
              element: active,
              ancestors: ancestorsOf(active),
              successors: successorRef.current
                ? successorCandidates(active, successorRef.current)
                : [],
            }
          : null;
      dialog.showModal();
    }
    if (!open && dialog.open) {
      dialog.close();
      returnFocus(opener);
    }
  }, [open]);

  // Unmounted while open (its page, or the item it was about, went away): focus still goes
  // back where it came from, or as near to it as is left.
  useEffect(() => () => returnFocus(opener), []);

  // Follows each Escape keydown from inside on its way out: one that never reaches the window
  // had its propagation stopped by a popup closing itself. (The event's own stop flag is reset
  // once its dispatch ends, before the cancel event that follows.) Forgotten once its task is over.
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onKeyDownInside = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const escape = { event, stopped: true };
      lastEscape.current = escape;
      setTimeout(() => {
        if (lastEscape.current === escape) lastEscape.current = null;
      }, 0);
    };
    const onKeyDownOut = (event: KeyboardEvent) => {
      if (lastEscape.current?.event === event) lastEscape.current.stopped = false;
    };
    dialog.addEventListener('keydown', onKeyDownInside, true);
    window.addEventListener('keydown', onKeyDownOut);
    return () => {
      dialog.removeEventListener('keydown', onKeyDownInside, true);
      window.removeEventListener('keydown', onKeyDownOut);
    };
  }, []);

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
        // A dialog opened from this one handles its own Escape (React bubbles its cancel here).
        if (event.target !== event.currentTarget) return;
        event.preventDefault();
        // A popup inside stopped this Escape's propagation: it was closing itself, not this.
        if (lastEscape.current?.stopped) return;
        onClose();
      }}
      onClose={(event) => {
        // Closed by the browser without a cancel we could refuse: keep the state in step.
        if (event.target === event.currentTarget && open && !event.currentTarget.open) onClose();
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

/**
 * For a popup inside a dialog (a menu, a listbox, a picker) that closes on Escape: the key is
 * its, so neither the dialog (which the browser would close on it, stopPropagation or not) nor
 * anything around it acts on it too.
 */
export function claimEscape(event: { preventDefault: () => void; stopPropagation: () => void }) {
  event.preventDefault();
  event.stopPropagation();
}

type Opener = {
  element: HTMLElement;
  /** Its ancestors, nearest first, for when it and its own part of the page go. */
  ancestors: HTMLElement[];
  /** Where focus goes when it goes, best first (the dialog's `successor`). */
  successors: HTMLElement[];
};

function ancestorsOf(element: HTMLElement): HTMLElement[] {
  const list: HTMLElement[] = [];
  for (let node = element.parentElement; node && node !== document.body; node = node.parentElement)
    list.push(node);
  return list;
}

/** How long after a dialog closes its opener is watched for leaving with a deleted item. */
const OPENER_WATCH_MS = 3000;

/**
 * Focuses the element that opened a dialog if it is still on the page; otherwise its successor,
 * else the first control in the nearest part of the page around the opener that is still
 * there. Focus is never simply dropped to the body. A confirm that deletes an item often closes
 * a moment before the list drops it, so the opener is watched for a while: if it goes while it
 * still has focus, focus moves on the same way.
 */
function returnFocus(opener: { current: Opener | null }) {
  const back = opener.current;
  opener.current = null;
  if (!back) return;
  if (!back.element.isConnected) {
    if (focusIsLost()) focusNear(back);
    return;
  }
  back.element.focus();
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    document.removeEventListener('focusin', onFocusIn);
  };
  const onFocusIn = (event: FocusEvent) => {
    if (event.target !== back.element) stop();
  };
  const observer = new MutationObserver(() => {
    if (back.element.isConnected) return;
    stop();
    if (focusIsLost()) focusNear(back);
  });
  const timer = setTimeout(stop, OPENER_WATCH_MS);
  observer.observe(document.body, { childList: true, subtree: true });
  document.addEventListener('focusin', onFocusIn);
}

/** Nothing (but the page itself) has focus: it was on something that went away. */
function focusIsLost(): boolean {
  return document.activeElement === null || document.activeElement === document.body;
}

function focusNear(back: Opener) {
  const chosen = firstConnected(back.successors);
  if (chosen) {
    chosen.focus();
    return;
  }
  for (const ancestor of back.ancestors) {
    if (!ancestor.isConnected) continue;
    const target = ancestor.querySelector<HTMLElement>(FOCUSABLE);
    if (target) {
      target.focus();
      return;
    }
  }
}
