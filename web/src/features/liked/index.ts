/** What other features may use of this one; everything else is internal. */
export { LikedPlaylistPanel } from './components/liked-playlist-panel';
