import { describe, expect, it } from 'vitest';
import { storyboardPlan } from './ffmpeg-args.js';
import {
  masterPlaylist,
  measureBandwidth,
  parseMediaPlaylist,
  storyboardVtt,
} from './hls-playlists.js';
import { selectLadder } from './ladder.js';

describe('parseMediaPlaylist', () => {
  it('lists each segment with its duration', () => {
    const text = [
      '#EXTM3U',
      '#EXT-X-VERSION:3',
      '#EXT-X-TARGETDURATION:4',
      '#EXTINF:4.000000,',
      'seg-000.ts',
      '#EXTINF:1.500000,',
      'seg-001.ts',
      '#EXT-X-ENDLIST',
    ].join('\n');
    expect(parseMediaPlaylist(text)).toEqual([
      { uri: 'seg-000.ts', duration: 4 },
      { uri: 'seg-001.ts', duration: 1.5 },
    ]);
  });
});

describe('measureBandwidth', () => {
  it('gives the peak segment rate and the average rate in bits per second', () => {
    const result = measureBandwidth([
      { duration: 4, bytes: 500_000 },
      { duration: 4, bytes: 300_000 },
    ]);
    expect(result).toEqual({ peak: 1_000_000, average: 800_000 });
  });

  it('does not let a tiny last segment inflate the peak', () => {
    const result = measureBandwidth([
      { duration: 4, bytes: 400_000 },
      { duration: 0.1, bytes: 20_000 },
    ]);
    expect(result.peak).toBe(800_000);
  });
});

describe('masterPlaylist', () => {
  it('lists variants lowest first with BANDWIDTH, RESOLUTION and CODECS', () => {
    const [r240, r360, r480, r720] = selectLadder(1280, 720);
    const text = masterPlaylist([
      {
        rendition: r720!,
        hasAudio: true,
        peak: 3_000_000,
        average: 2_500_000,
        uri: '720p/index.m3u8',
      },
      { rendition: r240!, hasAudio: true, peak: 450_000, average: 400_000, uri: '240p/index.m3u8' },
    ]);
    expect(r360 && r480).toBeTruthy();
    expect(text).toBe(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:3',
        '#EXT-X-INDEPENDENT-SEGMENTS',
        '#EXT-X-STREAM-INF:BANDWIDTH=450000,AVERAGE-BANDWIDTH=400000,RESOLUTION=426x240,CODECS="avc1.64001e,mp4a.40.2"',
        '240p/index.m3u8',
        '#EXT-X-STREAM-INF:BANDWIDTH=3000000,AVERAGE-BANDWIDTH=2500000,RESOLUTION=1280x720,CODECS="avc1.64001f,mp4a.40.2"',
        '720p/index.m3u8',
        '',
      ].join('\n'),
    );
  });
});

describe('storyboardVtt', () => {
  it('points each cue at its tile of the sprite, row by row', () => {
    const plan = storyboardPlan(12.5, 320, 180);
    const vtt = storyboardVtt({ ...plan, columns: 10 }, 12.5, 'storyboard.jpg');
    const lines = vtt.split('\n');
    expect(lines[0]).toBe('WEBVTT');
    expect(lines.slice(2, 4)).toEqual([
      '00:00:00.000 --> 00:00:01.000',
      'storyboard.jpg#xywh=0,0,160,90',
    ]);
    // The eleventh frame starts the second row.
    expect(vtt).toContain('00:00:10.000 --> 00:00:11.000\nstoryboard.jpg#xywh=0,90,160,90');
    // The last cue ends at the end of the video.
    expect(vtt).toContain('00:00:12.000 --> 00:00:12.500\nstoryboard.jpg#xywh=320,90,160,90');
  });
});
