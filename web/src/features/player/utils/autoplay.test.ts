import { describe, expect, it } from 'vitest';
import { startPlayback, type Playable } from './autoplay';

function refusal(name: string): Error {
  const error = new Error(name);
  error.name = name;
  return error;
}

/** A stand-in element whose browser allows sound, only muted playback, or nothing. */
function media(policy: 'sound' | 'muted' | 'none', muted = false): Playable & { calls: number } {
  return {
    muted,
    calls: 0,
    play() {
      this.calls += 1;
      if (policy === 'sound' || (policy === 'muted' && this.muted)) return Promise.resolve();
      return Promise.reject(refusal('NotAllowedError'));
    },
  };
}

describe('startPlayback', () => {
  it('plays with sound when the browser allows it', async () => {
    const m = media('sound');
    expect(await startPlayback(m)).toBe('sound');
    expect(m.muted).toBe(false);
  });

  it('falls back to muted playback when sound is refused', async () => {
    const m = media('muted');
    expect(await startPlayback(m)).toBe('muted');
    expect(m.muted).toBe(true);
    expect(m.calls).toBe(2);
  });

  it('reports a viewer’s own mute as muted without a second try', async () => {
    const m = media('sound', true);
    expect(await startPlayback(m)).toBe('muted');
    expect(m.calls).toBe(1);
  });

  it('reports blocked, and restores the sound setting, when even muted playback is refused', async () => {
    const m = media('none');
    expect(await startPlayback(m)).toBe('blocked');
    expect(m.muted).toBe(false);
  });

  it('reports an interrupted start as aborted, not as a refusal', async () => {
    const m: Playable = { muted: false, play: () => Promise.reject(refusal('AbortError')) };
    expect(await startPlayback(m)).toBe('aborted');
    expect(m.muted).toBe(false);
  });
});
