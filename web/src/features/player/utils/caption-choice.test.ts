import { describe, expect, it } from 'vitest';
import {
  initialCaption,
  readCaptionPreference,
  toggledCaption,
  writeCaptionPreference,
} from './caption-choice';

const tracks = [
  { language: 'en', label: 'English', url: '/media/en.vtt' },
  { language: 'fr', label: 'French', url: '/media/fr.vtt' },
];

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
  };
}

describe('caption choice', () => {
  it('starts with the remembered language when the video has it, else off', () => {
    expect(initialCaption(tracks, null)).toBeNull();
    expect(initialCaption(tracks, 'off')).toBeNull();
    expect(initialCaption(tracks, 'fr')).toBe('fr');
    expect(initialCaption(tracks, 'de')).toBeNull();
  });

  it('toggles off, and on to the remembered language or the first track', () => {
    expect(toggledCaption(tracks, 'en', 'en')).toBeNull();
    expect(toggledCaption(tracks, null, 'fr')).toBe('fr');
    expect(toggledCaption(tracks, null, 'off')).toBe('en');
    expect(toggledCaption(tracks, null, 'de')).toBe('en');
    expect(toggledCaption([], null, 'en')).toBeNull();
  });

  it('remembers a language or off', () => {
    const storage = memoryStorage();
    expect(readCaptionPreference(storage)).toBeNull();
    writeCaptionPreference(storage, 'fr');
    expect(readCaptionPreference(storage)).toBe('fr');
    writeCaptionPreference(storage, null);
    expect(readCaptionPreference(storage)).toBe('off');
    expect(readCaptionPreference(null)).toBeNull();
  });
});
