import { Volume1, Volume2, VolumeX } from 'lucide-react';
import { playerButton } from './player-button';

type VolumeControlProps = {
  volume: number;
  muted: boolean;
  onToggleMute(): void;
  onVolume(volume: number): void;
};

/** Mute toggle and a volume slider that opens on hover or keyboard focus. */
export function VolumeControl({ volume, muted, onToggleMute, onVolume }: VolumeControlProps) {
  const silent = muted || volume === 0;
  const Icon = silent ? VolumeX : volume < 0.5 ? Volume1 : Volume2;
  const level = silent ? 0 : Math.round(volume * 100);
  return (
    <div className="group/volume flex items-center">
      <button
        type="button"
        aria-label="Mute"
        aria-pressed={muted}
        title={muted ? 'Unmute (m)' : 'Mute (m)'}
        className={playerButton}
        onClick={onToggleMute}
      >
        <Icon className="size-5" aria-hidden />
      </button>
      <input
        type="range"
        aria-label="Volume"
        aria-valuetext={`${level}%`}
        min={0}
        max={100}
        step={5}
        value={level}
        onChange={(event) => onVolume(Number(event.target.value) / 100)}
        className="w-0 cursor-pointer accent-white opacity-0 transition-[width,opacity] group-focus-within/volume:w-20 group-focus-within/volume:opacity-100 group-hover/volume:w-20 group-hover/volume:opacity-100"
      />
    </div>
  );
}
