import { useEffect, useRef } from 'react';
import { commandForKey, type KeyTarget, type PlayerCommand } from '../utils/player-keys';

/** What kind of element has the key press, for deciding whether the player may take it. */
export function keyTargetOf(element: EventTarget | null): KeyTarget | 'ignore' {
  if (!(element instanceof HTMLElement)) return 'other';
  // Dialogs and open menus run their own keys (Escape, arrows, typing).
  if (element.closest('[role="dialog"], [role="menu"], [role="listbox"], [aria-modal="true"]')) {
    return 'ignore';
  }
  if (element.isContentEditable) return 'text';
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return 'text';
  if (element instanceof HTMLInputElement) {
    if (element.type === 'range') return 'slider';
    if (
      ['button', 'checkbox', 'radio', 'submit', 'reset', 'file', 'color'].includes(element.type)
    ) {
      return 'button';
    }
    return 'text';
  }
  if (element.closest('button, a[href], summary, [role="button"], [role="link"], [role="tab"]')) {
    return 'button';
  }
  return 'other';
}

/**
 * YouTube's keys, anywhere on the page except text fields, dialogs and menus. The handler may
 * change between renders without re-registering the listener.
 */
export function usePlayerKeys(onCommand: (command: PlayerCommand) => void): void {
  const handler = useRef(onCommand);
  useEffect(() => {
    handler.current = onCommand;
  });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const target = keyTargetOf(event.target);
      if (target === 'ignore') return;
      const command = commandForKey(event, target);
      if (!command) return;
      // Space and the arrows would otherwise also scroll the page.
      event.preventDefault();
      handler.current(command);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
