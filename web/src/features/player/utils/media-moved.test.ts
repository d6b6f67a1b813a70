import { describe, expect, it } from 'vitest';
import { isMediaGone, sourcesMoved } from './media-moved';

describe('isMediaGone', () => {
  it('takes the answers that mean the URL is not the video’s any more', () => {
    expect([403, 404, 410].map(isMediaGone)).toEqual([true, true, true]);
  });

  it('leaves answers that may change on a retry, and no answer at all', () => {
    expect([undefined, 0, 200, 400, 408, 429, 500, 502, 503].map(isMediaGone)).toEqual(
      Array(9).fill(false),
    );
  });
});

describe('sourcesMoved', () => {
  const at = {
    hlsUrl: '/media/videos/v1/t1/master.m3u8',
    videoFile: '/media/videos/v1/t1/video.mp4',
  };

  it('is false for the same places', () => {
    expect(sourcesMoved(at, { ...at })).toBe(false);
  });

  it('is true when the playlist or the file moved', () => {
    expect(sourcesMoved(at, { ...at, hlsUrl: '/media/videos/v1/t2/master.m3u8' })).toBe(true);
    expect(sourcesMoved(at, { ...at, videoFile: '/media/videos/v1/t2/video.mp4' })).toBe(true);
    expect(sourcesMoved(at, { ...at, hlsUrl: null })).toBe(true);
  });
});
