import { describe, expect, it } from 'vitest';
import { readSoundPreference, writeSoundPreference } from './sound-preference';

function memory(): Storage {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
  } as Storage;
}

describe('sound preference', () => {
  it('reads back what was written', () => {
    const storage = memory();
    writeSoundPreference(storage, { volume: 0.35, muted: true });
    expect(readSoundPreference(storage)).toEqual({ volume: 0.35, muted: true });
  });

  it('defaults to full volume with sound when nothing or garbage is stored', () => {
    expect(readSoundPreference(memory())).toEqual({ volume: 1, muted: false });
    const storage = memory();
    storage.setItem('vidshare.player.sound', '{not json');
    expect(readSoundPreference(storage)).toEqual({ volume: 1, muted: false });
    storage.setItem('vidshare.player.sound', JSON.stringify({ volume: 7, muted: 'yes' }));
    expect(readSoundPreference(storage)).toEqual({ volume: 1, muted: false });
    expect(readSoundPreference(null)).toEqual({ volume: 1, muted: false });
  });
});
