/** A caption track as the player offers it. */
export type CaptionTrack = { language: string; label: string; url: string };

const KEY = 'vidshare.player.captions';
/** Stored when the viewer turned captions off. */
const OFF = 'off';

/** The language the viewer last chose, 'off' when they turned captions off, or null if never. */
export function readCaptionPreference(storage: Pick<Storage, 'getItem'> | null): string | null {
  try {
    return storage?.getItem(KEY) ?? null;
  } catch {
    return null;
  }
}

export function writeCaptionPreference(
  storage: Pick<Storage, 'setItem'> | null,
  language: string | null,
): void {
  try {
    storage?.setItem(KEY, language ?? OFF);
  } catch {
    // Private modes and full storage only cost remembering the choice.
  }
}

/** The language shown when a video starts: the remembered one if this video has it; else off. */
export function initialCaption(
  tracks: readonly CaptionTrack[],
  preference: string | null,
): string | null {
  if (!preference || preference === OFF) return null;
  return tracks.find((t) => t.language === preference)?.language ?? null;
}

/**
 * What `c` and the CC button do: captions off when on; when off, the remembered language if
 * this video has it, else its first track. Null when there is nothing to show.
 */
export function toggledCaption(
  tracks: readonly CaptionTrack[],
  current: string | null,
  preference: string | null,
): string | null {
  if (current !== null) return null;
  return initialCaption(tracks, preference) ?? tracks[0]?.language ?? null;
}
