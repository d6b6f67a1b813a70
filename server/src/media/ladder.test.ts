import { describe, expect, it } from 'vitest';
import { codecsAttribute, displaySize, selectLadder } from './ladder.js';

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
