import { lazy } from 'react';

export type {
  MediaWatcherProps,
  PlaybackOptions,
  PlayerProps,
  PlayerVideo,
} from './components/player';
export { loadHls } from './utils/load-hls';

/** The player, with hls.js when the video has HLS, fetched only where a player is shown. */
export const Player = lazy(() =>
  import('./components/player').then((module) => ({ default: module.Player })),
);
