/** A rendition as the start choice reads it (hls.js's levels carry these). */
export type LevelSize = { width: number; height: number; bitrate: number };

/** Used when neither a past session nor the browser says anything about the link. */
export const UNKNOWN_LINK_BPS = 1_000_000;

/** Of the estimate, how much the start rendition may use: room for the estimate to be wrong. */
const HEADROOM = 0.7;

/**
 * The rendition whose picture fills the player, by hls.js's own rule for capping to the player
 * (capLevelToPlayerSize): the first, lowest first, at least as wide or as tall as the player's
 * longer side in device pixels; the top one when the player is larger than all of them.
 */
export function levelForPlayerSize(
  levels: readonly LevelSize[],
  playerWidth: number,
  playerHeight: number,
): number {
  if (levels.length === 0) return -1;
  const side = Math.max(playerWidth, playerHeight);
  const index = levels.findIndex((level) => level.width >= side || level.height >= side);
  return index === -1 ? levels.length - 1 : index;
}

/**
 * Where playback starts: the rendition that fits the player, stepped down while the link (the
 * estimate kept from the last session, else the browser's) could not carry it with headroom.
 * A fast link thus starts sharp at once instead of at the lowest rendition.
 */
export function chooseStartLevel(
  levels: readonly LevelSize[],
  player: { width: number; height: number },
  estimateBps: number | null,
): number {
  let level = levelForPlayerSize(levels, player.width, player.height);
  const budget = (estimateBps ?? UNKNOWN_LINK_BPS) * HEADROOM;
  while (level > 0 && levels[level]!.bitrate > budget) level -= 1;
  return level;
}

const KEY = 'vidshare.player.bandwidth';

/** The bandwidth estimate (bits per second) the last session ended with, if it is usable. */
export function readBandwidthEstimate(storage: Pick<Storage, 'getItem'> | null): number | null {
  try {
    const value = Number(storage?.getItem(KEY));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

export function writeBandwidthEstimate(storage: Pick<Storage, 'setItem'> | null, bps: number) {
  if (!Number.isFinite(bps) || bps <= 0) return;
  try {
    storage?.setItem(KEY, String(Math.round(bps)));
  } catch {
    // Private modes and full storage only cost a sharp start next time.
  }
}

/**
 * The estimate to start from: the last session's, else the browser's own idea of the link
 * (Network Information's downlink, in Mbit/s, where it exists), else none.
 */
export function startEstimate(
  stored: number | null,
  downlinkMbps: number | undefined,
): number | null {
  if (stored !== null) return stored;
  return downlinkMbps !== undefined && downlinkMbps > 0 ? downlinkMbps * 1_000_000 : null;
}
