/** What other features may use of this one; everything else is internal. */
export { LikedPlaylistPanel } from './components/liked-playlist-panel';
export { useDominantColor } from './hooks/use-dominant-color';
export { tintedCardBackground } from './utils/dominant-color';
