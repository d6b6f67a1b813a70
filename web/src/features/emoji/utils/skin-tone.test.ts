import { describe, expect, it } from 'vitest';
import { applySkinTone, parseSkinTone, SKIN_TONES } from './skin-tone';

const wave = {
  id: 'wave',
  name: 'Waving Hand',
  keywords: [],
  skins: ['👋', '👋🏻', '👋🏼', '👋🏽', '👋🏾', '👋🏿'],
};
const dog = { id: 'dog', name: 'Dog Face', keywords: [], skins: ['🐶'] };

describe('skin tones', () => {
  it('offers six tones', () => {
    expect(SKIN_TONES).toHaveLength(6);
  });

  it('draws an emoji with tone variants in the chosen tone', () => {
    expect(applySkinTone(wave, 1)).toBe('👋');
    expect(applySkinTone(wave, 4)).toBe('👋🏽');
    expect(applySkinTone(wave, 6)).toBe('👋🏿');
  });

  it('keeps emojis without tone variants as they are', () => {
    expect(applySkinTone(dog, 5)).toBe('🐶');
  });

  it('reads a stored tone and falls back to the default', () => {
    expect(parseSkinTone('3')).toBe(3);
    expect(parseSkinTone(null)).toBe(1);
    expect(parseSkinTone('7')).toBe(1);
    expect(parseSkinTone('2.5')).toBe(1);
    expect(parseSkinTone('dark')).toBe(1);
  });
});
