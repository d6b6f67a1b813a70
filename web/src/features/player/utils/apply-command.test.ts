import { describe, expect, it } from 'vitest';
import { applyCommand, type MediaControls, type PlayerActions } from './apply-command';

function media(overrides: Partial<MediaControls> = {}): MediaControls {
  return {
    currentTime: 30,
    duration: 100,
    paused: false,
    volume: 0.5,
    muted: false,
    playbackRate: 1,
    play() {
      (this as { paused: boolean }).paused = false;
    },
    pause() {
      (this as { paused: boolean }).paused = true;
    },
    ...overrides,
  };
}

function actions(): PlayerActions & { saved: number } {
  let fullscreen = false;
  let theatre = false;
  return {
    saved: 0,
    toggleFullscreen: () => (fullscreen = !fullscreen),
    toggleTheatre: () => (theatre = !theatre),
    soundChanged() {
      this.saved += 1;
    },
  };
}

describe('applyCommand', () => {
  it('toggles play and pause', () => {
    const m = media();
    expect(applyCommand({ type: 'togglePlay' }, m, actions())).toBe('Pause');
    expect(m.paused).toBe(true);
    expect(applyCommand({ type: 'togglePlay' }, m, actions())).toBe('Play');
    expect(m.paused).toBe(false);
  });

  it('seeks by seconds within the video', () => {
    const m = media();
    expect(applyCommand({ type: 'seekBy', seconds: 10 }, m, actions())).toBe('Forward 10 seconds');
    expect(m.currentTime).toBe(40);
    applyCommand({ type: 'seekBy', seconds: -5 }, m, actions());
    expect(m.currentTime).toBe(35);
    applyCommand({ type: 'seekBy', seconds: -60 }, m, actions());
    expect(m.currentTime).toBe(0);
    applyCommand({ type: 'seekBy', seconds: 500 }, m, actions());
    expect(m.currentTime).toBe(100);
  });

  it('does nothing to the position before the length is known', () => {
    const m = media({ duration: Number.NaN, currentTime: 0 });
    expect(applyCommand({ type: 'seekBy', seconds: 10 }, m, actions())).toBeNull();
    expect(m.currentTime).toBe(0);
  });

  it('jumps to a tenth of the video, the start and the end', () => {
    const m = media();
    expect(applyCommand({ type: 'seekToFraction', fraction: 0.7 }, m, actions())).toBe('1:10');
    expect(m.currentTime).toBeCloseTo(70);
    applyCommand({ type: 'seekToStart' }, m, actions());
    expect(m.currentTime).toBe(0);
    applyCommand({ type: 'seekToEnd' }, m, actions());
    expect(m.currentTime).toBe(100);
  });

  it('changes the volume in steps, unmuting on the way up, and saves it', () => {
    const m = media({ muted: true });
    const a = actions();
    expect(applyCommand({ type: 'volumeBy', delta: 0.05 }, m, a)).toBe('Volume 55%');
    expect(m.muted).toBe(false);
    m.volume = 0.05;
    expect(applyCommand({ type: 'volumeBy', delta: -0.05 }, m, a)).toBe('Muted');
    expect(m.volume).toBe(0);
    expect(a.saved).toBe(2);
  });

  it('mutes and unmutes, giving a silent element some volume back', () => {
    const m = media({ volume: 0, muted: true });
    expect(applyCommand({ type: 'toggleMute' }, m, actions())).toBe('Volume 50%');
    expect(m.muted).toBe(false);
    expect(applyCommand({ type: 'toggleMute' }, m, actions())).toBe('Muted');
  });

  it('steps the speed and names it', () => {
    const m = media();
    expect(applyCommand({ type: 'speedStep', direction: 1 }, m, actions())).toBe('1.25x');
    expect(m.playbackRate).toBe(1.25);
    expect(applyCommand({ type: 'speedStep', direction: -1 }, m, actions())).toBe('Normal speed');
  });

  it('reports the views the player switched to', () => {
    const a = actions();
    expect(applyCommand({ type: 'toggleFullscreen' }, media(), a)).toBe('Full screen');
    expect(applyCommand({ type: 'toggleFullscreen' }, media(), a)).toBe('Exit full screen');
    expect(applyCommand({ type: 'toggleTheatre' }, media(), a)).toBe('Theatre mode');
    expect(applyCommand({ type: 'toggleTheatre' }, media(), a)).toBe('Default view');
  });

  it('toggles captions through the player, and says nothing without any', () => {
    let on = false;
    const withCaptions = {
      ...actions(),
      toggleCaptions: () => {
        on = !on;
        return on ? 'Subtitles: English' : 'Subtitles off';
      },
    };
    expect(applyCommand({ type: 'toggleCaptions' }, media(), withCaptions)).toBe(
      'Subtitles: English',
    );
    expect(applyCommand({ type: 'toggleCaptions' }, media(), withCaptions)).toBe('Subtitles off');
    expect(applyCommand({ type: 'toggleCaptions' }, media(), actions())).toBeNull();
  });
});
