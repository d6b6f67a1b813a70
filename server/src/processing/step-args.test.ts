import { describe, expect, it } from 'vitest';
import { selectLadder } from '../media/ladder.js';
import { scratchFiles, stepArgs } from './step-args.js';

const files = scratchFiles('/scratch/job-1', 'original.mov');
const [r240, , , r720] = selectLadder(1280, 720);
const media = { hasAudio: true, duration: 9.5, width: 1280, height: 720 };
// ffmpeg gets file paths as `file:` URLs.
const output = (args: string[]) => args[args.length - 1]!.replace(/^file:/, '');
const line = (args: string[]) => args.join(' ');

describe('stepArgs', () => {
  it('reads the source for remux, MP4 and HLS encodes, and the MP4 for everything after', () => {
    expect(line(stepArgs({ kind: 'remux' }, files, media))).toContain(
      '/scratch/job-1/original.mov',
    );
    expect(output(stepArgs({ kind: 'remux' }, files, media))).toBe('/scratch/job-1/video.mp4');
    const mp4 = stepArgs({ kind: 'mp4', rendition: r720! }, files, media);
    expect(line(mp4)).toContain('/scratch/job-1/original.mov');
    expect(output(mp4)).toBe('/scratch/job-1/video.mp4');
    for (const kind of ['poster', 'storyboard'] as const) {
      const args = line(stepArgs({ kind }, files, media));
      expect(args).toContain('/scratch/job-1/video.mp4');
      expect(args).not.toContain('/scratch/job-1/original.mov');
    }
    expect(line(stepArgs({ kind: 'hls-copy', rendition: r720! }, files, media))).toContain(
      '/scratch/job-1/video.mp4',
    );
  });

  it('writes each rendition into its own directory', () => {
    const low = stepArgs({ kind: 'hls', rendition: r240! }, files, media).join(' ');
    expect(low).toContain('/scratch/job-1/hls/240p/');
    expect(low).not.toContain('/hls/720p/');
    const top = stepArgs({ kind: 'hls-copy', rendition: r720! }, files, media).join(' ');
    expect(top).toContain('/scratch/job-1/hls/720p/');
  });

  it('encodes sound only when the source has some', () => {
    const withSound = stepArgs({ kind: 'hls', rendition: r240! }, files, media);
    const silent = stepArgs({ kind: 'hls', rendition: r240! }, files, {
      ...media,
      hasAudio: false,
    });
    expect(withSound).toContain('aac');
    expect(silent).not.toContain('aac');
  });

  it('takes the poster at one second, or a third into a shorter clip', () => {
    const at = (duration: number) => {
      const args = stepArgs({ kind: 'poster' }, files, { ...media, duration });
      return Number(args[args.indexOf('-ss') + 1]);
    };
    expect(at(9.5)).toBe(1);
    expect(at(1.5)).toBeCloseTo(0.5);
    expect(output(stepArgs({ kind: 'poster' }, files, media))).toBe('/scratch/job-1/poster.jpg');
  });

  it('sizes the storyboard from the decoded duration', () => {
    const short = stepArgs({ kind: 'storyboard' }, files, { ...media, duration: 5 }).join(' ');
    const long = stepArgs({ kind: 'storyboard' }, files, { ...media, duration: 600 }).join(' ');
    expect(short).not.toBe(long);
    expect(output(stepArgs({ kind: 'storyboard' }, files, media))).toBe(
      '/scratch/job-1/storyboard.jpg',
    );
  });
});
