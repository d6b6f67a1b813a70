/** Names of processing outputs under a video's prefix (MEDIA-DESIGN.md). */
export const VIDEO_MP4 = 'video.mp4';
export const POSTER = 'poster.jpg';
export const HLS_MASTER = 'hls/master.m3u8';
export const STORYBOARD_IMAGE = 'storyboard.jpg';
export const STORYBOARD_VTT = 'storyboard.vtt';

/** One rendition's directory, e.g. `hls/720p`. */
export function renditionDir(height: number): string {
  return `hls/${height}p`;
}

/**
 * Whether a name under a video's prefix is something processing makes, and a failed or newer
 * run replaces: the playable file, the poster, the HLS tree and the storyboard. Everything
 * else there (the original, the thumbnail, caption files) is the owner's, and stays.
 */
export function isOutputName(name: string): boolean {
  return (
    name === VIDEO_MP4 ||
    name === POSTER ||
    name === STORYBOARD_IMAGE ||
    name === STORYBOARD_VTT ||
    name.startsWith('hls/')
  );
}
