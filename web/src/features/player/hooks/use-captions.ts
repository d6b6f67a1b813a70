import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useVideoCaptions } from '../api/get-captions';
import {
  initialCaption,
  readCaptionPreference,
  toggledCaption,
  writeCaptionPreference,
  type CaptionTrack,
} from '../utils/caption-choice';
import { browserStorage } from '../utils/sound-preference';

export type Captions = {
  tracks: readonly CaptionTrack[];
  /** The language shown, or null when captions are off. */
  current: string | null;
  choose(language: string | null): void;
  /** The `c` key and the CC button: returns the hint, or null when there are no captions. */
  toggle(): string | null;
  /** Asks for the tracks again: their files moved with the video's media. */
  reload(): void;
};

/**
 * The video's caption tracks as text tracks of its element: the chosen one `showing`, the rest
 * `disabled`. Starts with the viewer's remembered language when the video has it, and
 * remembers every choice.
 */
export function useCaptions(
  videoRef: RefObject<HTMLVideoElement | null>,
  videoId: string,
): Captions {
  const query = useVideoCaptions(videoId);
  const tracks = query.data ?? EMPTY;
  const [current, setCurrent] = useState<string | null | undefined>(undefined);
  const state = useRef({ tracks, current: current ?? null });
  state.current = { tracks, current: current ?? null };

  useEffect(() => {
    if (current === undefined && query.isSuccess) {
      setCurrent(initialCaption(query.data, readCaptionPreference(browserStorage())));
    }
  }, [current, query.isSuccess, query.data]);

  useEffect(() => {
    const element = videoRef.current;
    if (!element) return;
    const shown = current ?? null;
    const apply = () => {
      for (const track of Array.from(element.textTracks)) {
        if (track.kind !== 'subtitles' && track.kind !== 'captions') continue;
        track.mode = track.language === shown ? 'showing' : 'disabled';
      }
    };
    apply();
    // Track elements rendered later (the list arriving) join the element's list afterwards.
    element.textTracks.addEventListener('addtrack', apply);
    return () => element.textTracks.removeEventListener('addtrack', apply);
  }, [videoRef, current, tracks]);

  const choose = useCallback((language: string | null) => {
    setCurrent(language);
    writeCaptionPreference(browserStorage(), language);
  }, []);

  const toggle = useCallback(() => {
    const { tracks: all, current: shown } = state.current;
    if (all.length === 0) return null;
    const next = toggledCaption(all, shown, readCaptionPreference(browserStorage()));
    choose(next);
    // Turning them off keeps the language to come back to.
    if (next === null && shown !== null) writeCaptionPreference(browserStorage(), null);
    const label = all.find((t) => t.language === next)?.label;
    return label ? `Subtitles: ${label}` : 'Subtitles off';
  }, [choose]);

  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);

  return { tracks, current: current ?? null, choose, toggle, reload };
}

const EMPTY: CaptionTrack[] = [];
