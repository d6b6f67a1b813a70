import { clampVolume } from './playback-options';

const KEY = 'vidshare.player.sound';

export type SoundPreference = { volume: number; muted: boolean };

/** The volume and mute state the viewer last chose (not one forced by muted autoplay). */
export function readSoundPreference(storage: Pick<Storage, 'getItem'> | null): SoundPreference {
  try {
    const raw = storage?.getItem(KEY);
    if (!raw) return { volume: 1, muted: false };
    const parsed = JSON.parse(raw) as Partial<SoundPreference>;
    return {
      volume: clampVolume(typeof parsed.volume === 'number' ? parsed.volume : 1),
      muted: parsed.muted === true,
    };
  } catch {
    return { volume: 1, muted: false };
  }
}

export function writeSoundPreference(
  storage: Pick<Storage, 'setItem'> | null,
  preference: SoundPreference,
): void {
  try {
    storage?.setItem(KEY, JSON.stringify(preference));
  } catch {
    // Private modes and full storage only cost remembering the setting.
  }
}

export function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
