import { describe, expect, it } from 'vitest';
import { lastErrorLine, resolveFfmpegPath, saysOutOfSpace } from './ffmpeg.js';

describe('lastErrorLine', () => {
  it('keeps ffmpeg’s last message without our file paths', () => {
    const stderr =
      '[mov,mp4 @ 0x1] stream 0, offset 0x30: partial file\nfile:/data/tmp/processing/job-1/original.mov: Invalid data found when processing input\n';
    expect(lastErrorLine(stderr)).toBe('Invalid data found when processing input');
  });

  it('is empty when ffmpeg said nothing', () => {
    expect(lastErrorLine('\n\n')).toBe('');
  });
});

describe('saysOutOfSpace', () => {
  it('finds ENOSPC and EDQUOT on any line, not only the last', () => {
    const stderr =
      '[mp4 @ 0x5581] Error writing trailer of /data/processing/w/job/video.mp4: No space left on device\n' +
      'Conversion failed!\n';
    expect(saysOutOfSpace(stderr)).toBe(true);
    expect(saysOutOfSpace('av_interleaved_write_frame(): Disk quota exceeded\n')).toBe(true);
    expect(saysOutOfSpace('Invalid data found when processing input\n')).toBe(false);
  });
});

describe('resolveFfmpegPath', () => {
  it('prefers FFMPEG_PATH, else the shipped binary', () => {
    expect(resolveFfmpegPath('/opt/ffmpeg/bin/ffmpeg')).toBe('/opt/ffmpeg/bin/ffmpeg');
    expect(resolveFfmpegPath('')).toMatch(/@ffmpeg-installer.*ffmpeg$/);
    expect(resolveFfmpegPath()).toMatch(/@ffmpeg-installer.*ffmpeg$/);
  });
});
