import { BatchedLookup } from '../db/batched-lookup.js';
import type { VideoForWatch } from './video.repository.js';

/** The watch read of many (video, viewer) pairs at once; each row names the viewer it is for. */
export type WatchPairsRead = (pairs: {
  ids: readonly string[];
  viewers: readonly string[];
}) => Promise<(VideoForWatch & { asked_viewer: string })[]>;

/**
 * PostgreSQL: watch reads asked at once, answered by one `read` of every pair asked
 * (db/batched-lookup.ts), each still by a statement sent after it was asked. A crowd of viewers
 * asks for the hottest videos at once, each with their own like and subscription, so no two
 * statements of a read each would be alike (db/shared-reads.ts).
 */
export function gatheredWatchReads(
  read: WatchPairsRead,
): (id: string, viewer: string) => Promise<VideoForWatch | undefined> {
  const lookups = new BatchedLookup(
    (keys) => {
      const pairs = keys.map(pairOf);
      return read({ ids: pairs.map((p) => p.id), viewers: pairs.map((p) => p.viewer) });
    },
    (row) => keyOf(row.id, row.asked_viewer),
  );
  return async (id, viewer) => {
    const found = await lookups.get(keyOf(id, viewer));
    if (!found) return undefined;
    const { asked_viewer: _viewer, ...row } = found;
    return row;
  };
}

/** A watch read's key: the video and who asks ('' for a visitor); ids hold no space. */
function keyOf(id: string, viewer: string): string {
  return `${id} ${viewer}`;
}

function pairOf(key: string): { id: string; viewer: string } {
  const at = key.indexOf(' ');
  return { id: key.slice(0, at), viewer: key.slice(at + 1) };
}
