import type { Chapter } from '@contract';
import type { ComponentType, ReactNode, RefObject } from 'react';
import type { UpNextVideo } from './up-next-card';

/** What the player needs of a video. */
export type PlayerVideo = {
  _id: string;
  title: string;
  thumbnail: string;
  videoFile: string;
  hlsUrl?: string | null;
  storyboardUrl?: string | null;
  /** Seconds, as the server states it: the player shows the length its card shows. */
  duration?: number;
};

/** What a page may attach to the player's video element, e.g. resume and progress reports. */
export type MediaWatcherProps = {
  media: RefObject<HTMLVideoElement | null>;
  videoId: string;
};

export type PlayerProps = {
  video: PlayerVideo;
  theatre: boolean;
  onToggleTheatre(): void;
  /** Rendered beside the video element, so its effects see the element from the first commit. */
  mediaWatcher?: ComponentType<MediaWatcherProps>;
  /** What plays when this video ends (with autoplay on), after a countdown; null: nothing. */
  upNext?: UpNextVideo | null;
  /** Goes to the up-next video. */
  onUpNext?(): void;
  /** Seconds to start at (`?t=`, an embed's `start`). */
  startAt?: number;
  chapters?: readonly Chapter[];
  /** How it plays; the watch page's defaults (autoplay, controls, no loop) when absent. */
  playback?: PlaybackOptions;
  /** Drawn over the top of the picture while the controls show (the embed's link back). */
  overlay?: ReactNode;
  /**
   * Reads the video again when the server says its media is not there (it moved): the new
   * sources; null when the video is gone for this viewer (the page shows that instead);
   * undefined when the read failed and says nothing (the next error asks again).
   */
  reloadVideo?: () => Promise<PlayerVideo | null | undefined>;
};

/** An embed's choices (`autoplay`, `muted`, `loop`, `controls`), as YouTube's embed takes them. */
export type PlaybackOptions = {
  autoplay?: boolean;
  muted?: boolean;
  loop?: boolean;
  controls?: boolean;
  /** In another site's frame: no theatre mode. */
  embedded?: boolean;
};
