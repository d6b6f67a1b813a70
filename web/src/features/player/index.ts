import { lazy } from 'react';

export type { MediaWatcherProps, PlayerProps, PlayerVideo } from './components/player';
export type { UpNextVideo } from './components/up-next-card';
export { loadHls } from './utils/load-hls';

/** The player, with hls.js when the video has HLS, fetched only where a player is shown. */
export const Player = lazy(() =>
  import('./components/player').then((module) => ({ default: module.Player })),
);
