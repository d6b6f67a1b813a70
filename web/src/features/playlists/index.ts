/** What other features may use of this one; everything else is internal. */
export { usePlaylist } from './api/get-playlist';
export { usePlaylists } from './api/get-playlists';
export { addToPlaylists, useCreatePlaylist } from './api/playlist-mutations';
export { playlistKeys } from './api/playlist-keys';
export { VideoCardActions } from './components/card-menu';
export { PlaylistForm, type PlaylistFields } from './components/playlist-form';
export { PlaylistGrid } from './components/playlist-grid';
export { PlaylistPanel } from './components/playlist-panel';
export { usePlaylistNext, type PlaylistNext } from './hooks/use-playlist-next';
export { PlaylistView } from './components/playlist-view';
export { SaveButton } from './components/save-button';
export { StudioPlaylists } from './components/studio-playlists';
