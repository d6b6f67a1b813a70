import { useEffect, useRef, type RefObject } from 'react';
import { onPlayerSeek, providePlayerTime } from '../../../lib/player-seek';

/** Seeks `element` to `time` (clamped to its length) once it knows its length. */
function seekWhenReady(element: HTMLVideoElement, time: number): () => void {
  const apply = () => {
    const end = Number.isFinite(element.duration) ? element.duration : time;
    element.currentTime = Math.max(0, Math.min(time, end));
  };
  if (element.readyState >= HTMLMediaElement.HAVE_METADATA) {
    apply();
    return () => undefined;
  }
  element.addEventListener('loadedmetadata', apply, { once: true });
  return () => element.removeEventListener('loadedmetadata', apply);
}

/** Starts the video at `startAt` seconds (`?t=`, an embed's `start`), once. */
export function useStartAt(videoRef: RefObject<HTMLVideoElement | null>, startAt?: number): void {
  const done = useRef(false);
  useEffect(() => {
    const element = videoRef.current;
    if (!element || done.current || startAt === undefined || startAt <= 0) return;
    done.current = true;
    return seekWhenReady(element, startAt);
  }, [videoRef, startAt]);
}

/** Seeks (and plays) when the page asks: a chapter, a timestamp in a description or comment. */
export function useSeekRequests(videoRef: RefObject<HTMLVideoElement | null>): void {
  useEffect(() => {
    const stop = onPlayerSeek((seconds) => {
      const element = videoRef.current;
      if (!element) return;
      seekWhenReady(element, seconds);
      void Promise.resolve(element.play()).catch(() => undefined);
    });
    // And where it is, for the share dialog's "Start at".
    providePlayerTime(() => videoRef.current?.currentTime ?? 0);
    return () => {
      stop();
      providePlayerTime(null);
    };
  }, [videoRef]);
}
