import { describe, expect, it } from 'vitest';
import { capFrameRate, codecsAttribute, displaySize, h264Level, selectLadder } from './ladder.js';

const heights = (w: number, h: number) => selectLadder(w, h).map((r) => r.height);

describe('selectLadder', () => {
  it('offers every rung up to the source height and never above it', () => {
    expect(heights(1920, 1080)).toEqual([240, 360, 480, 720, 1080]);
    expect(heights(3840, 2160)).toEqual([240, 360, 480, 720, 1080]);
    expect(heights(640, 480)).toEqual([240, 360, 480]);
  });

  it('gives a 720p source at least two renditions', () => {
    expect(heights(1280, 720).length).toBeGreaterThanOrEqual(2);
    expect(heights(1280, 720)).toContain(720);
  });

  it('adds the source’s own height when it sits well between rungs', () => {
    expect(heights(1066, 600)).toEqual([240, 360, 480, 600]);
    // 500p is within 20 % of 480p: the 480p rung is enough.
    expect(heights(888, 500)).toEqual([240, 360, 480]);
  });

  it('keeps a source smaller than the lowest rung at its own size, rounded down to even', () => {
    const [only, ...rest] = selectLadder(160, 121);
    expect(rest).toEqual([]);
    expect(only).toMatchObject({ width: 158, height: 120 });
  });

  it('keeps the display aspect with even widths', () => {
    const widths = selectLadder(1280, 720).map((r) => r.width);
    expect(widths).toEqual([426, 640, 854, 1280]);
    expect(selectLadder(720, 1280).map((r) => [r.width, r.height])).toContainEqual([406, 720]);
    for (const r of selectLadder(1001, 999)) expect(r.width % 2).toBe(0);
  });

  it('raises the bitrate with the height', () => {
    const kbps = selectLadder(1920, 1080).map((r) => r.videoKbps);
    expect([...kbps].sort((a, b) => a - b)).toEqual(kbps);
    expect(new Set(kbps).size).toBe(kbps.length);
  });

  it('refuses nonsense sizes', () => {
    expect(selectLadder(0, 720)).toEqual([]);
    expect(selectLadder(1280, Number.NaN)).toEqual([]);
  });
});

describe('codecsAttribute', () => {
  it('spells H.264 High at the rendition’s level, plus AAC-LC when there is sound', () => {
    const [r240] = selectLadder(426, 240);
    expect(codecsAttribute(r240!, true)).toBe('avc1.64001e,mp4a.40.2');
    const top = selectLadder(1920, 1080).at(-1)!;
    expect(codecsAttribute(top, false)).toBe('avc1.640028');
  });
});

describe('displaySize', () => {
  it('swaps width and height for quarter turns only', () => {
    expect(displaySize(1920, 1080, 90)).toEqual({ width: 1080, height: 1920 });
    expect(displaySize(1920, 1080, -270)).toEqual({ width: 1080, height: 1920 });
    expect(displaySize(1920, 1080, 180)).toEqual({ width: 1920, height: 1080 });
  });
});

describe('frame rates and H.264 levels', () => {
  const rung = (w: number, h: number) => selectLadder(w, h).at(-1)!;

  it('labels each size and rate with the lowest level that fits it', () => {
    expect(h264Level(1920, 1080, 30, 7500).level).toBe('4.0');
    expect(h264Level(1920, 1080, 60, 7500).level).toBe('4.2');
    expect(h264Level(1280, 720, 30, 4200).level).toBe('3.1');
    expect(h264Level(1280, 720, 60, 4200).level).toBe('3.2');
    expect(h264Level(426, 240, 30, 600).level).toBe('3.0');
  });

  it('caps outputs at 60 fps and the lowest rungs at 30, with the level that rate needs', () => {
    const top = capFrameRate(rung(1920, 1080), 240);
    expect(top).toMatchObject({ height: 1080, frameRate: 60, level: '4.2', levelIdc: 42 });
    const low = capFrameRate(selectLadder(1920, 1080)[1]!, 240);
    expect(low).toMatchObject({ height: 360, frameRate: 30, level: '3.0' });
  });

  it('keeps a source’s own rate at or below the cap', () => {
    expect(capFrameRate(rung(1920, 1080), 30)).toMatchObject({ frameRate: 0, level: '4.0' });
    expect(capFrameRate(rung(1280, 720), 59.94)).toMatchObject({ frameRate: 0, level: '3.2' });
    expect(capFrameRate(selectLadder(1280, 720)[0]!, 25)).toMatchObject({ frameRate: 0 });
  });
});
