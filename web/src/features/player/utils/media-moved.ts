/** Where the element gets its bytes: the HLS playlist, and the MP4 file. */
export type MediaSources = { hlsUrl: string | null; videoFile: string };

/**
 * A media request the server answered "not here" (403, 404, 410): the URL is no longer the
 * video's (it was encoded again, or made private and moved), or the viewer may no longer see
 * it. Asking again will not help; reading the video again tells which.
 */
export function isMediaGone(status: number | undefined): boolean {
  return status === 403 || status === 404 || status === 410;
}

/** Whether the video, read again, plays from somewhere else now. */
export function sourcesMoved(current: MediaSources, fresh: MediaSources): boolean {
  return current.hlsUrl !== fresh.hlsUrl || current.videoFile !== fresh.videoFile;
}
