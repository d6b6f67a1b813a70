import type { Video } from '@contract';

/** What plays after the current video, and the address that plays it. */
export type QueueItem = { video: Video; href: string };

/**
 * One playlist as the watch page plays through it. Each kind of playlist (the liked videos
 * today) answers this from its own list and order; the watch page asks only this.
 */
export type PlaylistQueue = {
  /** The video after the one playing, keeping the viewer in the playlist; null at its end. */
  next: QueueItem | null;
};

/** The item after `currentId` in a list; null when it is the last one or not in the list. */
export function itemAfter<T extends { _id: string }>(
  items: readonly T[],
  currentId: string,
): T | null {
  const index = items.findIndex((item) => item._id === currentId);
  return index >= 0 ? (items[index + 1] ?? null) : null;
}
