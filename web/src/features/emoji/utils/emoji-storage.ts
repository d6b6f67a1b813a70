import { parseFrequent, type FrequentEntry } from './frequent';
import { parseSkinTone, type SkinTone } from './skin-tone';

const FREQUENT_KEY = 'vidshare:emoji-frequent';
const SKIN_TONE_KEY = 'vidshare:emoji-skin-tone';

// Storage can be full, disabled or blocked by privacy settings; the picker works without it.
function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Not remembered this time; nothing else depends on it.
  }
}

export const readFrequent = (): FrequentEntry[] => parseFrequent(read(FREQUENT_KEY));
export const writeFrequent = (list: FrequentEntry[]) => write(FREQUENT_KEY, JSON.stringify(list));
export const readSkinTone = (): SkinTone => parseSkinTone(read(SKIN_TONE_KEY));
export const writeSkinTone = (tone: SkinTone) => write(SKIN_TONE_KEY, String(tone));
