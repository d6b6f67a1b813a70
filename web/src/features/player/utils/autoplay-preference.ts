const KEY = 'vidshare.player.autoplay';

/** Whether the next video starts by itself when one ends: on unless the viewer turned it off. */
export function readAutoplayPreference(storage: Pick<Storage, 'getItem'> | null): boolean {
  try {
    return storage?.getItem(KEY) !== '0';
  } catch {
    return true;
  }
}

export function writeAutoplayPreference(storage: Pick<Storage, 'setItem'> | null, on: boolean) {
  try {
    storage?.setItem(KEY, on ? '1' : '0');
  } catch {
    // Private modes and full storage only cost remembering the setting.
  }
}

/** Whole seconds left of a countdown of `seconds` after `elapsedMs` of it, never below 0. */
export function countdownLeft(elapsedMs: number, seconds: number): number {
  return Math.max(0, Math.ceil(seconds - elapsedMs / 1000));
}

/** Whether focus is in something the viewer types into (a comment box, the search field). */
export function isTyping(active: Element | null): boolean {
  if (!active) return false;
  if (active instanceof HTMLTextAreaElement) return true;
  if (active instanceof HTMLInputElement) {
    return !['button', 'checkbox', 'radio', 'range', 'submit', 'reset', 'file', 'image'].includes(
      active.type,
    );
  }
  return active instanceof HTMLElement && active.isContentEditable;
}
