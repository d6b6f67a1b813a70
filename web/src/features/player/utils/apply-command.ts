import type { PlayerCommand } from './player-keys';
import { clampVolume, speedLabel, stepSpeed } from './playback-options';
import { formatClock } from './time-format';

/** The media element's state a command reads and changes. */
export type MediaControls = {
  currentTime: number;
  readonly duration: number;
  readonly paused: boolean;
  volume: number;
  muted: boolean;
  playbackRate: number;
  play(): Promise<void> | void;
  pause(): void;
};

/** What the player around the element does: its views and the viewer's saved sound setting. */
export type PlayerActions = {
  /** Returns whether the player is full screen afterwards. */
  toggleFullscreen(): boolean;
  /** Returns whether theatre mode is on afterwards. */
  toggleTheatre(): boolean;
  /** The viewer chose a volume or mute state; it is kept for the next video. */
  soundChanged(): void;
  /** Captions on or off; returns the hint, or null when the video has none. */
  toggleCaptions?(): string | null;
};

function seekTo(media: MediaControls, time: number): boolean {
  if (!Number.isFinite(media.duration) || media.duration <= 0) return false;
  media.currentTime = Math.min(media.duration, Math.max(0, time));
  return true;
}

function volumeHint(media: MediaControls): string {
  return media.muted ? 'Muted' : `Volume ${Math.round(media.volume * 100)}%`;
}

/**
 * Applies a command to the element and returns the short hint the player flashes for it (or
 * null when nothing changed, such as seeking before the length is known).
 */
export function applyCommand(
  command: PlayerCommand,
  media: MediaControls,
  actions: PlayerActions,
): string | null {
  switch (command.type) {
    case 'togglePlay':
      if (media.paused) {
        // A refused play() leaves the element paused; the player's overlay explains that.
        void Promise.resolve(media.play()).catch(() => undefined);
        return 'Play';
      }
      media.pause();
      return 'Pause';
    case 'seekBy': {
      if (!seekTo(media, media.currentTime + command.seconds)) return null;
      const amount = Math.abs(command.seconds);
      return command.seconds > 0 ? `Forward ${amount} seconds` : `Back ${amount} seconds`;
    }
    case 'seekToFraction':
      if (!seekTo(media, media.duration * command.fraction)) return null;
      return formatClock(media.currentTime, media.duration);
    case 'seekToStart':
      return seekTo(media, 0) ? 'Start' : null;
    case 'seekToEnd':
      return seekTo(media, media.duration) ? 'End' : null;
    case 'volumeBy':
      media.volume = clampVolume(media.volume + command.delta);
      // Turning the volume up is also how a muted viewer expects to get sound back.
      if (command.delta > 0) media.muted = false;
      else if (media.volume === 0) media.muted = true;
      actions.soundChanged();
      return volumeHint(media);
    case 'toggleMute':
      media.muted = !media.muted;
      if (!media.muted && media.volume === 0) media.volume = 0.5;
      actions.soundChanged();
      return volumeHint(media);
    case 'toggleFullscreen':
      return actions.toggleFullscreen() ? 'Full screen' : 'Exit full screen';
    case 'toggleTheatre':
      return actions.toggleTheatre() ? 'Theatre mode' : 'Default view';
    case 'toggleCaptions':
      return actions.toggleCaptions?.() ?? null;
    case 'speedStep': {
      media.playbackRate = stepSpeed(media.playbackRate, command.direction);
      const label = speedLabel(media.playbackRate);
      return label === 'Normal' ? 'Normal speed' : `${label}x`;
    }
  }
}
