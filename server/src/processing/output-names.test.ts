import { describe, expect, it } from 'vitest';
import { HLS_MASTER, isOutputName, POSTER, renditionDir, VIDEO_MP4 } from './output-names.js';

describe('isOutputName', () => {
  it('names what processing makes', () => {
    for (const name of [
      VIDEO_MP4,
      POSTER,
      HLS_MASTER,
      `${renditionDir(720)}/index.m3u8`,
      `${renditionDir(360)}/segment-00001.m4s`,
      'storyboard.jpg',
      'storyboard.vtt',
    ]) {
      expect(isOutputName(name), name).toBe(true);
    }
  });

  it('leaves the owner’s files: the original, the thumbnail and caption tracks', () => {
    for (const name of [
      'original.mov',
      'original.mp4',
      'thumbnail-a1b2c3d4e5f6.webp',
      'captions/en-1a2b3c.vtt',
      'hlsx',
      'video.webm',
    ]) {
      expect(isOutputName(name), name).toBe(false);
    }
  });
});
