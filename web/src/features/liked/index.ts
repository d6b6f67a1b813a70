/** What other features may use of this one; everything else is internal. */
export { LikedPlaylistPanel } from './components/liked-playlist-panel';
export { useDominantColor } from './hooks/use-dominant-color';
export { tintedCardBackground } from './utils/dominant-color';
export { useLikedQueue } from './hooks/use-liked-queue';
export { LIKED_PLAYLIST } from './utils/playlist-link';
