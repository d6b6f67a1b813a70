import { API_PATHS, type PlaylistChoice } from '@contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';
import { playlistKeys } from './playlist-keys';

/** The viewer's playlists, Watch later first, each saying whether it holds the video. */
export function usePlaylistChoices(videoId: string, enabled: boolean) {
  return useQuery({
    queryKey: playlistKeys.choices(videoId),
    queryFn: ({ signal }) =>
      apiData<PlaylistChoice[]>(API_PATHS.playlistsForVideo(videoId), { signal }),
    enabled,
    staleTime: 0,
  });
}
