import { useEffect, useState, type RefObject } from 'react';

export type BufferedRange = { start: number; end: number };

export type MediaState = {
  paused: boolean;
  ended: boolean;
  /** Waiting for data while it should be playing. */
  waiting: boolean;
  currentTime: number;
  duration: number;
  buffered: BufferedRange[];
  volume: number;
  muted: boolean;
  playbackRate: number;
  videoHeight: number;
  /** The element gave up on its source (network or decoding), as `video.error` reports. */
  failed: boolean;
};

const INITIAL: MediaState = {
  paused: true,
  ended: false,
  waiting: false,
  currentTime: 0,
  duration: Number.NaN,
  buffered: [],
  volume: 1,
  muted: false,
  playbackRate: 1,
  videoHeight: 0,
  failed: false,
};

const EVENTS = [
  'play',
  'pause',
  'playing',
  'waiting',
  'seeking',
  'seeked',
  'ended',
  'timeupdate',
  'progress',
  'durationchange',
  'loadedmetadata',
  'volumechange',
  'ratechange',
  'resize',
  'emptied',
  'canplay',
  'error',
  'loadstart',
] as const;

function read(video: HTMLVideoElement, waiting: boolean): MediaState {
  const buffered: BufferedRange[] = [];
  for (let i = 0; i < video.buffered.length; i += 1) {
    buffered.push({ start: video.buffered.start(i), end: video.buffered.end(i) });
  }
  return {
    paused: video.paused,
    ended: video.ended,
    waiting,
    currentTime: video.currentTime,
    duration: video.duration,
    buffered,
    volume: video.volume,
    muted: video.muted,
    playbackRate: video.playbackRate,
    videoHeight: video.videoHeight,
    failed: video.error !== null,
  };
}

/** The element's state for rendering the controls, read again on each media event. */
export function useMediaState(ref: RefObject<HTMLVideoElement | null>): MediaState {
  const [state, setState] = useState(INITIAL);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    let waiting = false;
    const update = (event?: Event) => {
      if (event?.type === 'waiting' || event?.type === 'seeking') waiting = true;
      else if (
        event &&
        ['playing', 'pause', 'seeked', 'canplay', 'ended', 'emptied'].includes(event.type)
      ) {
        waiting = false;
      }
      setState(read(video, waiting && !video.paused));
    };
    for (const name of EVENTS) video.addEventListener(name, update);
    update();
    return () => {
      for (const name of EVENTS) video.removeEventListener(name, update);
    };
  }, [ref]);

  return state;
}
