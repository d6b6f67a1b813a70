/** What a key press asks the player to do. */
export type PlayerCommand =
  | { type: 'togglePlay' }
  | { type: 'seekBy'; seconds: number }
  | { type: 'seekToFraction'; fraction: number }
  | { type: 'seekToStart' }
  | { type: 'seekToEnd' }
  | { type: 'volumeBy'; delta: number }
  | { type: 'toggleMute' }
  | { type: 'toggleFullscreen' }
  | { type: 'toggleTheatre' }
  | { type: 'speedStep'; direction: 1 | -1 }
  | { type: 'toggleCaptions' };

/**
 * Where the key press happened. Text fields keep every key; buttons and links keep Space and
 * Enter (they activate them); native sliders keep the arrows, Home and End.
 */
export type KeyTarget = 'text' | 'button' | 'slider' | 'other';

export type KeyPress = {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
};

export const VOLUME_STEP = 0.05;

/** The command for a key press, or null when the page (or the focused control) should have it. */
export function commandForKey(press: KeyPress, target: KeyTarget): PlayerCommand | null {
  // Browser and system shortcuts (Ctrl+F, Cmd+L, Alt+←) are never taken over.
  if (press.ctrlKey || press.metaKey || press.altKey) return null;
  if (target === 'text') return null;
  const { key } = press;
  if (target === 'button' && (key === ' ' || key === 'Enter')) return null;
  if (
    target === 'slider' &&
    [
      'ArrowLeft',
      'ArrowRight',
      'ArrowUp',
      'ArrowDown',
      'Home',
      'End',
      'PageUp',
      'PageDown',
    ].includes(key)
  ) {
    return null;
  }
  if (/^[0-9]$/.test(key)) return { type: 'seekToFraction', fraction: Number(key) / 10 };
  switch (key) {
    case ' ':
    case 'k':
    case 'K':
      return { type: 'togglePlay' };
    case 'j':
    case 'J':
      return { type: 'seekBy', seconds: -10 };
    case 'l':
    case 'L':
      return { type: 'seekBy', seconds: 10 };
    case 'ArrowLeft':
      return { type: 'seekBy', seconds: -5 };
    case 'ArrowRight':
      return { type: 'seekBy', seconds: 5 };
    case 'ArrowUp':
      return { type: 'volumeBy', delta: VOLUME_STEP };
    case 'ArrowDown':
      return { type: 'volumeBy', delta: -VOLUME_STEP };
    case 'm':
    case 'M':
      return { type: 'toggleMute' };
    case 'f':
    case 'F':
      return { type: 'toggleFullscreen' };
    case 't':
    case 'T':
      return { type: 'toggleTheatre' };
    case 'c':
    case 'C':
      return { type: 'toggleCaptions' };
    case '<':
      return { type: 'speedStep', direction: -1 };
    case '>':
      return { type: 'speedStep', direction: 1 };
    case 'Home':
      return { type: 'seekToStart' };
    case 'End':
      return { type: 'seekToEnd' };
    default:
      return null;
  }
}
