import { describe, expect, it } from 'vitest';
import { cueAt, parseStoryboardVtt, parseVttTime } from './storyboard-vtt';

const BASE = 'http://example.test/media/videos/abc/tok/storyboard.vtt';

const VTT = `WEBVTT

00:00:00.000 --> 00:00:02.000
storyboard.jpg#xywh=0,0,160,90

00:00:02.000 --> 00:00:04.000
storyboard.jpg#xywh=160,0,160,90

3
00:00:04.000 --> 00:00:06.500
storyboard.jpg#xywh=0,90,160,90
`;

describe('parseVttTime', () => {
  it.each([
    ['00:00:02.000', 2],
    ['01:02:03.500', 3723.5],
    ['02:03.5', 123.5],
  ])('%s is %s seconds', (text, seconds) => {
    expect(parseVttTime(text)).toBeCloseTo(seconds);
  });
});

describe('parseStoryboardVtt', () => {
  it('reads every cue with its rectangle and resolves the sprite beside the VTT', () => {
    const cues = parseStoryboardVtt(VTT, BASE);
    expect(cues).toHaveLength(3);
    expect(cues[1]).toEqual({
      start: 2,
      end: 4,
      image: 'http://example.test/media/videos/abc/tok/storyboard.jpg',
      x: 160,
      y: 0,
      width: 160,
      height: 90,
    });
    expect(cues[2]).toMatchObject({ start: 4, end: 6.5, x: 0, y: 90 });
  });

  it('accepts CRLF line ends and a byte order mark', () => {
    const cues = parseStoryboardVtt(`\uFEFF${VTT.replace(/\n/g, '\r\n')}`, BASE);
    expect(cues).toHaveLength(3);
  });

  it('skips cues without a rectangle and files that are not WebVTT', () => {
    expect(parseStoryboardVtt('WEBVTT\n\n00:00.000 --> 00:02.000\nhello\n', BASE)).toEqual([]);
    expect(parseStoryboardVtt('<html>not found</html>', BASE)).toEqual([]);
  });
});

describe('cueAt', () => {
  const cues = parseStoryboardVtt(VTT, BASE);
  it.each([
    [0, 0],
    [1.99, 0],
    [2, 160],
    [5, 0],
    [100, 0],
  ])('at %s s shows the cue at x=%s', (time, x) => {
    expect(cueAt(cues, time)?.x).toBe(x);
  });
  it('finds the right row too', () => {
    expect(cueAt(cues, 5)?.y).toBe(90);
    expect(cueAt(cues, 3)?.y).toBe(0);
  });
  it('has nothing for no cues or no time', () => {
    expect(cueAt([], 3)).toBeNull();
    expect(cueAt(cues, Number.NaN)).toBeNull();
  });
});
