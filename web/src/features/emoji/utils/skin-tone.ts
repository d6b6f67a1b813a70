import type { EmojiEntry } from './emoji-catalog';

/** 1 is the default (no modifier); 2 to 6 are the five Fitzpatrick modifiers, light to dark. */
export const SKIN_TONES = [1, 2, 3, 4, 5, 6] as const;
export type SkinTone = (typeof SKIN_TONES)[number];

export const SKIN_TONE_LABELS: Record<SkinTone, string> = {
  1: 'Default skin tone',
  2: 'Light skin tone',
  3: 'Medium-light skin tone',
  4: 'Medium skin tone',
  5: 'Medium-dark skin tone',
  6: 'Dark skin tone',
};

/** The emoji drawn in the chosen tone, or its default when it has no tone variants. */
export function applySkinTone(emoji: EmojiEntry, tone: SkinTone): string {
  return emoji.skins[tone - 1] ?? emoji.skins[0] ?? '';
}

/** Reads a stored tone; anything unexpected means the default. */
export function parseSkinTone(raw: string | null): SkinTone {
  const value = Number(raw);
  return SKIN_TONES.find((tone) => tone === value) ?? 1;
}
