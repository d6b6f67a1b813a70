import { describe, expect, it } from 'vitest';
import { lastErrorLine, resolveFfmpegPath } from './ffmpeg.js';

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

describe('resolveFfmpegPath', () => {
  it('prefers FFMPEG_PATH, else the shipped binary', () => {
    expect(resolveFfmpegPath({ FFMPEG_PATH: '/opt/ffmpeg/bin/ffmpeg' })).toBe(
      '/opt/ffmpeg/bin/ffmpeg',
    );
    expect(resolveFfmpegPath({})).toMatch(/@ffmpeg-installer.*ffmpeg$/);
  });
});
