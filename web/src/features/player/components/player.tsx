import { LoaderCircle, Play, VolumeX } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { cn } from '../../../lib/cn';
import { useStoryboard } from '../api/get-storyboard';
import { useFullscreen } from '../hooks/use-fullscreen';
import { useMediaSource } from '../hooks/use-media-source';
import { useMediaState } from '../hooks/use-media-state';
import { usePlayerKeys } from '../hooks/use-player-keys';
import { applyCommand, type PlayerActions } from '../utils/apply-command';
import { startPlayback, type AutoplayOutcome } from '../utils/autoplay';
import { autoLabel, clampVolume, qualityOptions } from '../utils/playback-options';
import type { PlayerCommand } from '../utils/player-keys';
import {
  browserStorage,
  readSoundPreference,
  writeSoundPreference,
} from '../utils/sound-preference';
import { readAutoplayPreference, writeAutoplayPreference } from '../utils/autoplay-preference';
import { ControlBar } from './control-bar';
import { CaptionTracks } from './caption-tracks';
import { CaptionsButton } from './captions-button';
import { useCaptions } from '../hooks/use-captions';
import { useSeekRequests, useStartAt } from '../hooks/use-start-at';
import { KeyHint, type Hint } from './key-hint';
import { UpNextCard } from './up-next-card';
import type { PlayerProps } from './player-props';

const IDLE_MS = 3000;

/**
 * The watch page's player: the video element with its own controls, keys and autoplay that
 * falls back to muted playback. Mounted once per video (its parent is keyed by the video id).
 */
export function Player({
  video,
  theatre,
  onToggleTheatre,
  mediaWatcher: MediaWatcher,
  upNext = null,
  onUpNext,
  startAt,
  chapters,
  playback = {},
  overlay,
  reloadVideo,
}: PlayerProps) {
  const frameRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const media = useMediaState(videoRef);
  const captions = useCaptions(videoRef, video._id);
  const source = useMediaSource(
    videoRef,
    { hlsUrl: video.hlsUrl ?? null, videoFile: video.videoFile },
    reloadVideo &&
      (async () => {
        const fresh = await reloadVideo();
        if (!fresh) return fresh;
        // Caption files live beside the media, and move with it.
        captions.reload();
        return { hlsUrl: fresh.hlsUrl ?? null, videoFile: fresh.videoFile };
      }),
  );
  const storyboard = useStoryboard(video.storyboardUrl ?? null);
  const { fullscreen, toggleFullscreen } = useFullscreen(frameRef, videoRef);
  useStartAt(videoRef, startAt);
  useSeekRequests(videoRef);
  const startsPaused = playback.autoplay === false;

  const [autoplay, setAutoplay] = useState<AutoplayOutcome | 'pending'>('pending');
  // Muted by the autoplay fallback rather than by the viewer: the player offers Unmute.
  const [forcedMute, setForcedMute] = useState(false);
  const [hint, setHint] = useState<Hint | null>(null);
  const [active, setActive] = useState(true);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [autoplayNext, setAutoplayNext] = useState(() => readAutoplayPreference(browserStorage()));
  // Cancel on the up-next card holds until the video plays again.
  const [upNextCancelled, setUpNextCancelled] = useState(false);
  const idleTimer = useRef<number | undefined>(undefined);
  const userPaused = useRef(false);
  const theatreRef = useRef(theatre);
  useEffect(() => {
    theatreRef.current = theatre;
  }, [theatre]);

  // The viewer's own volume and mute carry over between videos and visits.
  useEffect(() => {
    const element = videoRef.current;
    if (!element) return;
    const preference = readSoundPreference(browserStorage());
    element.volume = preference.volume;
    // An embed asked to start muted: for this play only, never saved as the viewer's choice.
    element.muted = preference.muted || playback.muted === true;
  }, [playback.muted]);

  // Each attached source (hls.js falling back to the MP4 attaches a second) tries to play.
  useEffect(() => {
    const element = videoRef.current;
    if (!element || !source.attached || userPaused.current || startsPaused) return;
    let cancelled = false;
    const mutedByViewer = element.muted;
    void startPlayback(element).then((outcome) => {
      if (cancelled || outcome === 'aborted') return;
      setAutoplay(outcome);
      setForcedMute(outcome === 'muted' && !mutedByViewer);
    });
    return () => {
      cancelled = true;
    };
  }, [source.attached, source.engine, startsPaused]);

  const saveSound = useCallback(() => {
    const element = videoRef.current;
    if (!element) return;
    setForcedMute(false);
    writeSoundPreference(browserStorage(), { volume: element.volume, muted: element.muted });
  }, []);

  const showHint = useCallback((text: string | null) => {
    if (text) setHint((previous) => ({ id: (previous?.id ?? 0) + 1, text }));
  }, []);

  const actions: PlayerActions = useMemo(
    () => ({
      toggleFullscreen,
      toggleTheatre: () => {
        onToggleTheatre();
        return !theatreRef.current;
      },
      soundChanged: saveSound,
      toggleCaptions: captions.toggle,
    }),
    [toggleFullscreen, onToggleTheatre, saveSound, captions.toggle],
  );

  const run = useCallback(
    (command: PlayerCommand, withHint: boolean) => {
      const element = videoRef.current;
      if (!element) return;
      if (command.type === 'togglePlay') userPaused.current = !element.paused;
      const text = applyCommand(command, element, actions);
      if (withHint) showHint(text);
    },
    [actions, showHint],
  );

  usePlayerKeys((command) => run(command, true));

  const wake = useCallback(() => {
    setActive(true);
    window.clearTimeout(idleTimer.current);
    idleTimer.current = window.setTimeout(() => setActive(false), IDLE_MS);
  }, []);
  useEffect(() => () => window.clearTimeout(idleTimer.current), []);
  // Once playing, the controls fade after a while like after any pointer movement.
  useEffect(() => {
    if (!media.paused) wake();
  }, [media.paused, wake]);
  // A tap on a touch screen while the controls are hidden only shows them (YouTube's mobile
  // player); the next tap plays or pauses. Read at pointerdown, before the tap itself wakes them.
  const tapShowsControls = useRef(false);

  const unmute = () => {
    const element = videoRef.current;
    if (!element) return;
    element.muted = false;
    if (element.volume === 0) element.volume = 1;
    saveSound();
  };

  const toggleAutoplayNext = () => {
    setAutoplayNext((on) => {
      writeAutoplayPreference(browserStorage(), !on);
      return !on;
    });
  };
  if (upNextCancelled && !media.ended) setUpNextCancelled(false);
  const playUpNext = useCallback(() => onUpNext?.(), [onUpNext]);
  const showUpNext =
    media.ended && autoplayNext && upNext !== null && onUpNext !== undefined && !upNextCancelled;

  const qualities = useMemo(() => qualityOptions(source.renditions), [source.renditions]);
  const playingHeight =
    source.playingLevel !== null ? (source.renditions[source.playingLevel]?.height ?? null) : null;
  const controlsShown = media.paused || active || settingsOpen;
  const refused = autoplay === 'blocked';
  // An embed without autoplay waits for a click on the same big button.
  const blocked =
    (refused || (startsPaused && autoplay === 'pending')) && media.paused && !media.ended;
  const controls = playback.controls !== false;

  return (
    <div
      ref={frameRef}
      data-testid="player"
      data-controls={controlsShown ? 'shown' : 'hidden'}
      className={cn(
        'group/player relative aspect-video w-full overflow-hidden bg-black',
        playback.embedded ? 'max-h-dvh' : theatre ? 'max-h-[calc(100dvh-8rem)]' : 'rounded-xl',
        fullscreen && 'rounded-none',
        !controlsShown && 'cursor-none',
      )}
      onPointerMove={wake}
      onPointerDown={wake}
      onFocus={wake}
    >
      <video
        ref={videoRef}
        poster={video.thumbnail}
        playsInline
        preload="auto"
        loop={playback.loop === true}
        aria-label={video.title}
        className="size-full bg-black object-contain"
        onPointerDown={(event) => {
          tapShowsControls.current = event.pointerType === 'touch' && !controlsShown;
        }}
        onClick={() => {
          if (tapShowsControls.current) {
            tapShowsControls.current = false;
            return;
          }
          run({ type: 'togglePlay' }, false);
        }}
        onDoubleClick={() => run({ type: 'toggleFullscreen' }, false)}
      >
        <CaptionTracks tracks={captions.tracks} />
      </video>
      {MediaWatcher ? <MediaWatcher media={videoRef} videoId={video._id} /> : null}

      {media.waiting ? (
        <div className="pointer-events-none absolute inset-0 flex items-center justify-center">
          <LoaderCircle className="size-12 animate-spin text-white/90" aria-hidden />
        </div>
      ) : null}

      {forcedMute && media.muted ? (
        <button
          type="button"
          onClick={unmute}
          className="absolute top-3 left-3 inline-flex items-center gap-2 rounded-full bg-white px-4 py-2 text-sm font-semibold text-black shadow-lg hover:bg-white/90"
        >
          <VolumeX className="size-4" aria-hidden />
          Unmute
        </button>
      ) : null}

      {media.failed ? (
        <div
          role="alert"
          className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-black/80 px-6 text-center text-white"
        >
          <p className="font-medium">This video could not be played.</p>
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="rounded-full bg-white px-4 py-2 text-sm font-semibold text-black hover:bg-white/90"
          >
            Try again
          </button>
        </div>
      ) : null}

      {blocked ? (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-black/50 text-white">
          <button
            type="button"
            aria-label="Play"
            onClick={() => run({ type: 'togglePlay' }, false)}
            className="inline-flex size-18 items-center justify-center rounded-full bg-brand hover:bg-brand-strong"
          >
            <Play className="size-9 fill-current" aria-hidden />
          </button>
          {refused ? (
            <p className="text-sm">Your browser did not let this video start on its own.</p>
          ) : null}
        </div>
      ) : null}

      {overlay ? (
        <div
          className={cn(
            'absolute inset-x-0 top-0 transition-opacity duration-200',
            controlsShown ? 'opacity-100' : 'opacity-0 focus-within:opacity-100',
          )}
        >
          {overlay}
        </div>
      ) : null}

      <KeyHint hint={hint} />

      {showUpNext ? (
        <UpNextCard video={upNext} onPlay={playUpNext} onCancel={() => setUpNextCancelled(true)} />
      ) : null}

      <div
        hidden={!controls}
        className={cn(
          'absolute inset-x-0 bottom-0 transition-opacity duration-200',
          // Hidden controls take no taps either: a tap on the picture only brings them back.
          controlsShown
            ? 'opacity-100'
            : 'pointer-events-none opacity-0 focus-within:pointer-events-auto focus-within:opacity-100',
        )}
      >
        <ControlBar
          chapters={chapters}
          embedded={playback.embedded}
          extraControls={<CaptionsButton captions={captions} onOpenChange={setSettingsOpen} />}
          media={media}
          statedDuration={video.duration}
          cues={storyboard.data ?? []}
          qualities={qualities}
          selectedLevel={source.selectedLevel}
          autoLabel={autoLabel(playingHeight)}
          theatre={theatre}
          fullscreen={fullscreen}
          onTogglePlay={() => run({ type: 'togglePlay' }, false)}
          onSeek={(time) => {
            const element = videoRef.current;
            if (element) element.currentTime = time;
          }}
          onToggleMute={() => run({ type: 'toggleMute' }, false)}
          onVolume={(volume) => {
            const element = videoRef.current;
            if (!element) return;
            element.volume = clampVolume(volume);
            element.muted = volume === 0;
            saveSound();
          }}
          onSelectLevel={source.selectLevel}
          onSelectSpeed={(rate) => {
            const element = videoRef.current;
            if (element) element.playbackRate = rate;
          }}
          onToggleTheatre={() => run({ type: 'toggleTheatre' }, false)}
          onToggleFullscreen={() => run({ type: 'toggleFullscreen' }, false)}
          onSettingsOpenChange={setSettingsOpen}
          // Only where something can come next (not in an embed, say) is there a switch for it.
          autoplayNext={onUpNext ? autoplayNext : undefined}
          onToggleAutoplayNext={toggleAutoplayNext}
        />
      </div>
    </div>
  );
}
