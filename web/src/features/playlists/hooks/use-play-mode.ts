import { useCallback, useSyncExternalStore } from 'react';
import { shuffledOrder } from '../utils/play-order';

/** Loop and shuffle of one playlist being played, kept for the tab while it moves on. */
export interface PlayMode {
  loop: boolean;
  /** The shuffled order, when shuffling; null plays the playlist's own order. */
  shuffled: string[] | null;
}

const STORAGE_PREFIX = 'vidshare:play-mode:';
const OFF: PlayMode = { loop: false, shuffled: null };

/**
 * The modes of the playlists played in this tab. Each video of a playlist is its own page and
 * the panel, the Next button and autoplay read the mode apart, so it lives here, one snapshot
 * per playlist, and in session storage so a reload keeps it.
 */
const modes = new Map<string, PlayMode>();
const listeners = new Set<() => void>();

function read(listId: string): PlayMode {
  const known = modes.get(listId);
  if (known) return known;
  let mode = OFF;
  try {
    const raw = sessionStorage.getItem(STORAGE_PREFIX + listId);
    if (raw) {
      const parsed = JSON.parse(raw) as Partial<PlayMode>;
      mode = {
        loop: parsed.loop === true,
        shuffled: Array.isArray(parsed.shuffled)
          ? parsed.shuffled.filter((id): id is string => typeof id === 'string')
          : null,
      };
    }
  } catch {
    // Storage refused (private mode, quota): the mode lives only as long as the page.
  }
  modes.set(listId, mode);
  return mode;
}

function write(listId: string, mode: PlayMode): void {
  modes.set(listId, mode);
  try {
    sessionStorage.setItem(STORAGE_PREFIX + listId, JSON.stringify(mode));
  } catch {
    // As above.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The play order: shuffled (videos added since play after), or the playlist's own. */
export function playOrder(mode: PlayMode, ids: readonly string[]): string[] {
  if (!mode.shuffled) return [...ids];
  const shuffled = mode.shuffled;
  return [
    ...shuffled.filter((id) => ids.includes(id)),
    ...ids.filter((id) => !shuffled.includes(id)),
  ];
}

const startedShuffled = new Set<string>();

/**
 * `?shuffle=1` (the playlist page's Shuffle) starts a playlist shuffled, once per tab: turning
 * shuffle off afterwards, on the same address, keeps it off.
 */
export function startShuffled(listId: string, ids: readonly string[], currentId: string): void {
  if (startedShuffled.has(listId) || ids.length === 0) return;
  startedShuffled.add(listId);
  if (!read(listId).shuffled)
    write(listId, { ...read(listId), shuffled: shuffledOrder(ids, currentId) });
}

/** Loop and shuffle for a playlist on the watch page, and the order they make. */
export function usePlayMode(listId: string, ids: readonly string[], currentId: string) {
  const mode = useSyncExternalStore(subscribe, () => read(listId));
  const toggleLoop = useCallback(
    () => write(listId, { ...read(listId), loop: !read(listId).loop }),
    [listId],
  );
  const toggleShuffle = useCallback(() => {
    const now = read(listId);
    write(listId, { ...now, shuffled: now.shuffled ? null : shuffledOrder(ids, currentId) });
  }, [listId, ids, currentId]);
  return {
    loop: mode.loop,
    shuffle: mode.shuffled !== null,
    order: playOrder(mode, ids),
    toggleLoop,
    toggleShuffle,
  };
}
