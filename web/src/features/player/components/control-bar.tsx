import {
  CirclePause,
  CirclePlay,
  Maximize,
  Minimize,
  Pause,
  Play,
  RectangleHorizontal,
  RotateCcw,
  Square,
} from 'lucide-react';
import { chapterAt, type Chapter } from '@contract';
import type { ReactNode } from 'react';
import type { MediaState } from '../hooks/use-media-state';
import type { QualityOption } from '../utils/playback-options';
import type { StoryboardCue } from '../utils/storyboard-vtt';
import { playerTime } from '../utils/time-format';
import { playerButton } from './player-button';
import { SeekBar } from './seek-bar';
import { SettingsMenu } from './settings-menu';
import { VolumeControl } from './volume-control';

type ControlBarProps = {
  media: MediaState;
  /** The video's stated length in seconds (what its card shows), when known. */
  statedDuration?: number;
  cues: readonly StoryboardCue[];
  qualities: QualityOption[];
  selectedLevel: number;
  autoLabel: string;
  theatre: boolean;
  fullscreen: boolean;
  onTogglePlay(): void;
  onSeek(time: number): void;
  onToggleMute(): void;
  onVolume(volume: number): void;
  onSelectLevel(level: number): void;
  onSelectSpeed(rate: number): void;
  onToggleTheatre(): void;
  onToggleFullscreen(): void;
  onSettingsOpenChange(open: boolean): void;
  /** Whether the next video starts by itself when this one ends; no switch when nothing can. */
  autoplayNext?: boolean;
  onToggleAutoplayNext(): void;
  chapters?: readonly Chapter[];
  /** Controls of their own (captions) placed before the settings menu. */
  extraControls?: ReactNode;
  /** In another site's frame: no theatre mode. */
  embedded?: boolean;
};

/** The bar along the bottom of the picture: seek slider, then the buttons. */
export function ControlBar(props: ControlBarProps) {
  const { media } = props;
  const PlayIcon = media.ended ? RotateCcw : media.paused ? Play : Pause;
  const playLabel = media.ended ? 'Replay' : media.paused ? 'Play' : 'Pause';
  const time = playerTime(media.currentTime, media.duration, props.statedDuration);
  return (
    <div className="bg-linear-to-t from-black/80 to-transparent px-3 pt-8 pb-1">
      <SeekBar
        currentTime={media.currentTime}
        duration={media.duration}
        buffered={media.buffered}
        cues={props.cues}
        chapters={props.chapters}
        onSeek={props.onSeek}
      />
      <div className="flex items-center gap-1">
        <button
          type="button"
          aria-label={playLabel}
          title={`${playLabel} (k)`}
          className={playerButton}
          onClick={props.onTogglePlay}
        >
          <PlayIcon className="size-5 fill-current" aria-hidden />
        </button>
        <VolumeControl
          volume={media.volume}
          muted={media.muted}
          onToggleMute={props.onToggleMute}
          onVolume={props.onVolume}
        />
        <span className="ml-2 text-sm text-white tabular-nums" data-testid="player-time">
          {time.position}
          <span className="text-white/70"> / {time.length}</span>
        </span>
        <CurrentChapter chapters={props.chapters} time={media.currentTime} />
        <div className="flex-1" />
        {props.autoplayNext !== undefined ? (
          <button
            type="button"
            role="switch"
            aria-checked={props.autoplayNext}
            aria-label="Autoplay"
            title={props.autoplayNext ? 'Autoplay is on' : 'Autoplay is off'}
            className={playerButton}
            onClick={props.onToggleAutoplayNext}
          >
            {props.autoplayNext ? (
              <CirclePlay className="size-5" aria-hidden />
            ) : (
              <CirclePause className="size-5" aria-hidden />
            )}
          </button>
        ) : null}
        {props.extraControls}
        <SettingsMenu
          qualities={props.qualities}
          selectedLevel={props.selectedLevel}
          autoLabel={props.autoLabel}
          onSelectLevel={props.onSelectLevel}
          speed={media.playbackRate}
          onSelectSpeed={props.onSelectSpeed}
          onOpenChange={props.onSettingsOpenChange}
        />
        <button
          type="button"
          aria-label="Theatre mode"
          aria-pressed={props.theatre}
          title={props.theatre ? 'Default view (t)' : 'Theatre mode (t)'}
          className={`${playerButton} max-xl:hidden ${props.embedded ? 'hidden' : ''}`}
          onClick={props.onToggleTheatre}
        >
          {props.theatre ? (
            <Square className="size-5" aria-hidden />
          ) : (
            <RectangleHorizontal className="size-5" aria-hidden />
          )}
        </button>
        <button
          type="button"
          aria-label="Full screen"
          aria-pressed={props.fullscreen}
          title={props.fullscreen ? 'Exit full screen (f)' : 'Full screen (f)'}
          className={playerButton}
          onClick={props.onToggleFullscreen}
        >
          {props.fullscreen ? (
            <Minimize className="size-5" aria-hidden />
          ) : (
            <Maximize className="size-5" aria-hidden />
          )}
        </button>
      </div>
    </div>
  );
}

/** The chapter playing, beside the time, as YouTube shows it. */
function CurrentChapter({ chapters = [], time }: { chapters?: readonly Chapter[]; time: number }) {
  const chapter = chapterAt(chapters, time);
  if (!chapter) return null;
  return (
    <span
      className="ml-2 min-w-0 truncate text-sm text-white max-sm:hidden"
      data-testid="chapter-title"
    >
      <span aria-hidden className="text-white/70">
        •{' '}
      </span>
      {chapter.title}
    </span>
  );
}
