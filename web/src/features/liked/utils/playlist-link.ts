import { ROUTES } from '@contract';

/** The query value that opens the liked-videos panel beside a video. */
export const LIKED_PLAYLIST = 'liked';

/** A watch address that keeps the viewer inside the liked-videos playlist. */
export function likedPlaylistWatchPath(videoId: string): string {
  return `${ROUTES.watch(videoId)}?playlist=${LIKED_PLAYLIST}`;
}

/** 1-based place of a video in the playlist, or 0 when it is not in it. */
export function playlistPosition(ids: readonly string[], currentId: string): number {
  return ids.indexOf(currentId) + 1;
}
