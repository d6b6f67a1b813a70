import {
  API_PATHS,
  type PlaylistCreate,
  type PlaylistMembership,
  type PlaylistSummary,
  type PlaylistUpdate,
} from '@contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';
import { playlistKeys } from './playlist-keys';

export function createPlaylist(body: PlaylistCreate): Promise<PlaylistSummary> {
  return apiData<PlaylistSummary>(API_PATHS.playlists, { method: 'POST', json: body });
}

export function addToPlaylist(playlistId: string, videoId: string): Promise<PlaylistMembership> {
  return apiData<PlaylistMembership>(API_PATHS.playlistVideos(playlistId), {
    method: 'POST',
    json: { videoId },
  });
}

export function removeFromPlaylist(
  playlistId: string,
  videoId: string,
): Promise<PlaylistMembership> {
  return apiData<PlaylistMembership>(API_PATHS.playlistVideo(playlistId, videoId), {
    method: 'DELETE',
  });
}

function moveInPlaylist(
  playlistId: string,
  videoId: string,
  position: number,
): Promise<{ videoId: string; position: number }> {
  return apiData(API_PATHS.playlistVideo(playlistId, videoId), {
    method: 'PATCH',
    json: { position },
  });
}

/** Every playlist answer may be stale after any change: refresh them all. */
function useRefreshPlaylists() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: playlistKeys.all });
}

export function useCreatePlaylist() {
  const refresh = useRefreshPlaylists();
  return useMutation({ mutationFn: createPlaylist, onSuccess: refresh });
}

export function useUpdatePlaylist(id: string) {
  const refresh = useRefreshPlaylists();
  return useMutation({
    mutationFn: (patch: PlaylistUpdate) =>
      apiData<PlaylistSummary>(API_PATHS.playlist(id), { method: 'PATCH', json: patch }),
    onSuccess: refresh,
  });
}

export function useDeletePlaylist() {
  const refresh = useRefreshPlaylists();
  return useMutation({
    mutationFn: (id: string) => apiData<null>(API_PATHS.playlist(id), { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

/** Puts a video in a playlist or takes it out. */
export function useSetInPlaylist() {
  const refresh = useRefreshPlaylists();
  return useMutation({
    mutationFn: ({
      playlistId,
      videoId,
      save,
    }: {
      playlistId: string;
      videoId: string;
      save: boolean;
    }) => (save ? addToPlaylist(playlistId, videoId) : removeFromPlaylist(playlistId, videoId)),
    onSuccess: refresh,
  });
}

export function useMoveInPlaylist(playlistId: string) {
  const refresh = useRefreshPlaylists();
  return useMutation({
    mutationFn: ({ videoId, position }: { videoId: string; position: number }) =>
      moveInPlaylist(playlistId, videoId, position),
    onSettled: refresh,
  });
}

/** After an upload: the new video into each chosen playlist (one failure does not stop the rest). */
export async function addToPlaylists(
  videoId: string,
  playlistIds: readonly string[],
): Promise<void> {
  const results = await Promise.allSettled(playlistIds.map((id) => addToPlaylist(id, videoId)));
  for (const result of results) {
    if (result.status === 'rejected')
      console.error('Adding the upload to a playlist failed', result.reason);
  }
}
