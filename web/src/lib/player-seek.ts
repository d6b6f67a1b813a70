/**
 * Seek requests from outside the player (a chapter in the list, a timestamp in a description
 * or comment): one window event the page's player listens to, so features that show text need
 * nothing of the player's.
 */
const EVENT = 'vidshare:seek';

export function requestPlayerSeek(seconds: number): void {
  window.dispatchEvent(new CustomEvent<number>(EVENT, { detail: seconds }));
}

/** Calls `onSeek` for every request until the returned function is called. */
export function onPlayerSeek(onSeek: (seconds: number) => void): () => void {
  const listener = (event: Event) => {
    const seconds = (event as CustomEvent<number>).detail;
    if (typeof seconds === 'number' && Number.isFinite(seconds)) onSeek(seconds);
  };
  window.addEventListener(EVENT, listener);
  return () => window.removeEventListener(EVENT, listener);
}

let clock: (() => number) | null = null;

/** The page's player tells where it is, for "Start at" in the share dialog. */
export function providePlayerTime(read: (() => number) | null): void {
  clock = read;
}

/** Where the page's player is, in seconds, or undefined without one. */
export function playerTime(): number | undefined {
  const time = clock?.();
  return time !== undefined && Number.isFinite(time) ? time : undefined;
}
