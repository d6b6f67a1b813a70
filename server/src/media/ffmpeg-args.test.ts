import { describe, expect, it } from 'vitest';
import {
  encodeMp4Args,
  hlsCopyArgs,
  hlsEncodeArgs,
  posterArgs,
  remuxArgs,
  storyboardArgs,
  storyboardPlan,
} from './ffmpeg-args.js';
import { selectLadder } from './ladder.js';

const [r240, r360] = selectLadder(640, 360);

/** The value following `flag` (the last one when repeated). */
function opt(args: string[], flag: string): string | undefined {
  const i = args.lastIndexOf(flag);
  return i >= 0 ? args[i + 1] : undefined;
}

describe('ffmpeg arguments', () => {
  it('reads only local files and reports progress on stdout', () => {
    for (const args of [
      remuxArgs('/s/in.mov', '/o/video.mp4'),
      hlsEncodeArgs('/s/in.mov', '/o/hls/240p', r240!, true),
      encodeMp4Args('/s/in.mov', '/o/video.mp4', r360!, true),
    ]) {
      expect(opt(args, '-protocol_whitelist')).toBe('file');
      expect(opt(args, '-i')).toBe('file:/s/in.mov');
      expect(opt(args, '-progress')).toBe('pipe:1');
      expect(args).toContain('-nostdin');
    }
  });

  it('remuxes without encoding into a faststart MP4', () => {
    const args = remuxArgs('/s/in.mp4', '/o/video.mp4');
    expect(opt(args, '-c')).toBe('copy');
    expect(opt(args, '-movflags')).toBe('+faststart');
    expect(args.at(-1)).toBe('file:/o/video.mp4');
    expect(args).not.toContain('libx264');
  });

  it('encodes a rendition as H.264 High yuv420p with AAC at its size and bitrate', () => {
    const args = hlsEncodeArgs('/s/in.mov', '/o/hls/360p', r360!, true);
    expect(opt(args, '-c:v')).toBe('libx264');
    expect(opt(args, '-pix_fmt')).toBe('yuv420p');
    expect(opt(args, '-profile:v')).toBe('high');
    expect(opt(args, '-vf')).toBe('scale=640:360,setsar=1');
    expect(opt(args, '-b:v')).toBe('800k');
    expect(opt(args, '-maxrate')).toBe('1200k');
    expect(opt(args, '-c:a')).toBe('aac');
    expect(opt(args, '-force_key_frames')).toBe('expr:gte(t,n_forced*2)');
    expect(opt(args, '-f')).toBe('hls');
    expect(opt(args, '-hls_playlist_type')).toBe('vod');
    expect(opt(args, '-hls_segment_filename')).toBe('/o/hls/360p/seg-%03d.ts');
    expect(args.at(-1)).toBe('/o/hls/360p/index.m3u8');
  });

  it('leaves sound out when the source has none', () => {
    const args = hlsEncodeArgs('/s/in.mov', '/o/hls/240p', r240!, false);
    expect(args).toContain('-an');
    expect(args).not.toContain('aac');
  });

  it('maps only the first picture and sound tracks, dropping subtitles, data and metadata', () => {
    const args = encodeMp4Args('/s/in.mkv', '/o/video.mp4', r360!, true);
    expect(args.join(' ')).toContain('-map 0:v:0 -map 0:a:0? -sn -dn -map_metadata -1');
    expect(opt(args, '-movflags')).toBe('+faststart');
  });

  it('cuts an encoded MP4 into segments without encoding again', () => {
    const args = hlsCopyArgs('/o/video.mp4', '/o/hls/720p');
    expect(opt(args, '-c')).toBe('copy');
    expect(opt(args, '-f')).toBe('hls');
    expect(args).not.toContain('libx264');
  });

  it('takes one poster frame at the given time', () => {
    const args = posterArgs('/o/video.mp4', '/o/poster.jpg', 1.5);
    expect(opt(args, '-ss')).toBe('1.500');
    expect(opt(args, '-frames:v')).toBe('1');
    expect(args.at(-1)).toBe('file:/o/poster.jpg');
  });
});

describe('storyboardPlan', () => {
  it('takes a frame a second for short videos', () => {
    expect(storyboardPlan(2, 320, 240)).toEqual({
      interval: 1,
      count: 2,
      columns: 2,
      rows: 1,
      tileWidth: 160,
      tileHeight: 120,
    });
  });

  it('never takes more than 100 frames, in rows of ten', () => {
    const plan = storyboardPlan(3600, 1920, 1080);
    expect(plan.interval).toBe(36);
    expect(plan.count).toBe(100);
    expect([plan.columns, plan.rows]).toEqual([10, 10]);
    expect(plan.tileHeight).toBe(90);
  });

  it('builds the sprite with the fps, scale and tile filters', () => {
    const plan = storyboardPlan(25, 1280, 720);
    const args = storyboardArgs('/o/video.mp4', '/o/storyboard.jpg', plan);
    expect(opt(args, '-vf')).toBe('fps=1/1,scale=160:90,setsar=1,tile=10x3');
    expect(opt(args, '-frames:v')).toBe('1');
  });
});
