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

/** Whole seconds left of a countdown of `seconds` that started at `startedAt`, never below 0. */
export function countdownLeft(startedAt: number, now: number, seconds: number): number {
  return Math.max(0, Math.ceil(seconds - (now - startedAt) / 1000));
}
