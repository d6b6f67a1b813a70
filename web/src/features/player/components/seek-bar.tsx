import { chapterAt, type Chapter } from '@contract';
import { useLayoutEffect, useRef, useState, type PointerEvent } from 'react';
import { useCssVars } from '../../../hooks/use-css-vars';
import type { BufferedRange } from '../hooks/use-media-state';
import { cueAt, type StoryboardCue } from '../utils/storyboard-vtt';
import { formatClock, spokenClock } from '../utils/time-format';
import { ChapterMarks } from './chapter-marks';

type SeekBarProps = {
  currentTime: number;
  duration: number;
  buffered: BufferedRange[];
  cues: readonly StoryboardCue[];
  /** The video's chapters: gaps in the bar, and the title under the pointer. */
  chapters?: readonly Chapter[];
  onSeek(time: number): void;
};

const percent = (fraction: number) => `${Math.min(100, Math.max(0, fraction * 100))}%`;

function BufferedSegment({ range, duration }: { range: BufferedRange; duration: number }) {
  const ref = useRef<HTMLDivElement>(null);
  useCssVars(ref, {
    '--start': percent(range.start / duration),
    '--size': percent((range.end - range.start) / duration),
  });
  return (
    <div
      ref={ref}
      data-buffered
      className="absolute inset-y-0 left-(--start) w-(--size) rounded-full bg-white/40"
    />
  );
}

/** The frame (from the storyboard sprite, when there is one) and time under the pointer. */
function SeekPreview({
  time,
  x,
  trackWidth,
  duration,
  cue,
  chapter,
}: {
  time: number;
  x: number;
  trackWidth: number;
  duration: number;
  cue: StoryboardCue | null;
  chapter?: string;
}) {
  const boxRef = useRef<HTMLDivElement>(null);
  const imageRef = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    // Kept inside the track, as YouTube does near the ends.
    const half = box.offsetWidth / 2;
    box.style.left = `${Math.min(trackWidth - half, Math.max(half, x))}px`;
  }, [x, trackWidth, cue]);

  useLayoutEffect(() => {
    const image = imageRef.current;
    if (!image || !cue) return;
    image.style.backgroundImage = `url("${cue.image.replace(/["\\]/g, '\\$&')}")`;
    image.style.backgroundPosition = `-${cue.x}px -${cue.y}px`;
    image.style.width = `${cue.width}px`;
    image.style.height = `${cue.height}px`;
  }, [cue]);

  return (
    <div
      ref={boxRef}
      data-testid="seek-preview"
      aria-hidden
      className="pointer-events-none absolute bottom-5 flex -translate-x-1/2 flex-col items-center gap-1"
    >
      {cue ? (
        <div
          ref={imageRef}
          data-testid="seek-preview-image"
          className="rounded-md border-2 border-white bg-black bg-no-repeat shadow-lg"
        />
      ) : null}
      {chapter ? (
        <span className="max-w-48 truncate text-xs font-medium text-white drop-shadow">
          {chapter}
        </span>
      ) : null}
      <span className="rounded bg-black/80 px-1.5 py-0.5 text-xs font-medium text-white tabular-nums">
        {formatClock(time, duration)}
      </span>
    </div>
  );
}

/**
 * The seek slider: played and buffered ranges, a preview on hover, click or drag to seek.
 * Keys reach it through the player's own (arrows ±5 s, Home, End, digits).
 */
export function SeekBar({
  currentTime,
  duration,
  buffered,
  cues,
  chapters = [],
  onSeek,
}: SeekBarProps) {
  const trackRef = useRef<HTMLDivElement>(null);
  const [hover, setHover] = useState<{ time: number; x: number; width: number } | null>(null);
  const dragging = useRef(false);
  const known = Number.isFinite(duration) && duration > 0;
  useCssVars(trackRef, { '--played': percent(known ? currentTime / duration : 0) });

  const pointAt = (event: PointerEvent<HTMLElement>) => {
    const rect = trackRef.current!.getBoundingClientRect();
    const fraction = Math.min(1, Math.max(0, (event.clientX - rect.left) / rect.width));
    return { time: fraction * (known ? duration : 0), x: fraction * rect.width, width: rect.width };
  };

  return (
    <div
      ref={trackRef}
      role="slider"
      tabIndex={0}
      aria-label="Seek"
      aria-valuemin={0}
      aria-valuemax={known ? Math.floor(duration) : 0}
      aria-valuenow={Math.floor(currentTime)}
      aria-valuetext={`${spokenClock(currentTime)} of ${spokenClock(known ? duration : 0)}`}
      className="group/seek relative flex h-4 cursor-pointer touch-none items-center outline-none focus-visible:ring-2 focus-visible:ring-white"
      onPointerDown={(event) => {
        if (!known || event.button !== 0) return;
        event.currentTarget.setPointerCapture(event.pointerId);
        dragging.current = true;
        onSeek(pointAt(event).time);
      }}
      onPointerMove={(event) => {
        if (event.pointerType === 'touch' && !dragging.current) return;
        const point = pointAt(event);
        setHover(point);
        if (dragging.current) onSeek(point.time);
      }}
      onPointerUp={(event) => {
        dragging.current = false;
        if (event.pointerType === 'touch') setHover(null);
      }}
      onPointerCancel={() => {
        dragging.current = false;
        setHover(null);
      }}
      onPointerLeave={() => {
        if (!dragging.current) setHover(null);
      }}
    >
      <div className="relative h-1 w-full rounded-full bg-white/25 transition-[height] group-hover/seek:h-1.5">
        {known
          ? buffered.map((range) => (
              <BufferedSegment key={range.start} range={range} duration={duration} />
            ))
          : null}
        <div className="absolute inset-y-0 left-0 w-(--played) rounded-full bg-brand" />
        {known ? <ChapterMarks chapters={chapters} duration={duration} /> : null}
        <div className="absolute top-1/2 left-(--played) size-3 -translate-1/2 scale-0 rounded-full bg-brand transition-transform group-hover/seek:scale-100 group-focus-visible/seek:scale-100" />
      </div>
      {hover && known ? (
        <SeekPreview
          time={hover.time}
          x={hover.x}
          trackWidth={hover.width}
          duration={duration}
          cue={cueAt(cues, hover.time)}
          chapter={chapterAt(chapters, hover.time)?.title}
        />
      ) : null}
    </div>
  );
}
