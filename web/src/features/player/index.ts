import { retryableLazy } from '../../lib/retryable-lazy';

export type {
  MediaWatcherProps,
  PlaybackOptions,
  PlayerProps,
  PlayerVideo,
} from './components/player-props';
export type { UpNextVideo } from './components/up-next-card';
export { loadHls } from './utils/load-hls';

/** The player, with hls.js when the video has HLS, fetched only where a player is shown. */
export const Player = retryableLazy(async () => (await import('./components/player')).Player);
