import { useCallback, useState } from 'react';
import { shuffledOrder } from '../utils/play-order';

/** Loop and shuffle of one playlist being played, kept for the tab while it moves on. */
export interface PlayMode {
  loop: boolean;
  /** The shuffled order, when shuffling; null plays the playlist's own order. */
  shuffled: string[] | null;
}

const STORAGE_PREFIX = 'vidshare:play-mode:';

function read(listId: string): PlayMode {
  try {
    const raw = sessionStorage.getItem(STORAGE_PREFIX + listId);
    if (raw) {
      const parsed = JSON.parse(raw) as Partial<PlayMode>;
      return {
        loop: parsed.loop === true,
        shuffled: Array.isArray(parsed.shuffled)
          ? parsed.shuffled.filter((id): id is string => typeof id === 'string')
          : null,
      };
    }
  } catch {
    // Storage refused (private mode, quota): the mode lives only as long as the page.
  }
  return { loop: false, shuffled: null };
}

function write(listId: string, mode: PlayMode): void {
  try {
    sessionStorage.setItem(STORAGE_PREFIX + listId, JSON.stringify(mode));
  } catch {
    // As above.
  }
}

/**
 * Loop and shuffle for a playlist on the watch page. Each video of the playlist is its own
 * page, so the mode is kept in the tab's session storage, per playlist; `?shuffle=1` (the
 * playlist page's Shuffle) starts shuffled.
 */
export function usePlayMode(
  listId: string,
  ids: readonly string[],
  currentId: string,
  startShuffled: boolean,
) {
  const [mode, setMode] = useState<PlayMode>(() => {
    const saved = read(listId);
    if (startShuffled && !saved.shuffled && ids.length > 0) {
      const started = { ...saved, shuffled: shuffledOrder(ids, currentId) };
      write(listId, started);
      return started;
    }
    return saved;
  });

  const update = useCallback(
    (next: PlayMode) => {
      write(listId, next);
      setMode(next);
    },
    [listId],
  );

  // Videos added to the playlist since shuffling play after the shuffled ones.
  const order = mode.shuffled
    ? [
        ...mode.shuffled.filter((id) => ids.includes(id)),
        ...ids.filter((id) => !mode.shuffled!.includes(id)),
      ]
    : [...ids];

  return {
    loop: mode.loop,
    shuffle: mode.shuffled !== null,
    order,
    toggleLoop: () => update({ ...mode, loop: !mode.loop }),
    toggleShuffle: () =>
      update({ ...mode, shuffled: mode.shuffled ? null : shuffledOrder(ids, currentId) }),
  };
}
