import { describe, expect, it } from 'vitest';
import {
  chooseStartLevel,
  levelForPlayerSize,
  readBandwidthEstimate,
  startEstimate,
  writeBandwidthEstimate,
} from './start-level';

// A 480p upload's ladder, as the processing makes it (bitrates are the playlists' BANDWIDTH).
const ladder = [
  { width: 426, height: 240, bitrate: 450_000 },
  { width: 640, height: 360, bitrate: 900_000 },
  { width: 854, height: 480, bitrate: 1_600_000 },
];

describe('levelForPlayerSize', () => {
  it('picks the first rendition that covers the player’s longer side, as hls.js caps', () => {
    expect(levelForPlayerSize(ladder, 780, 439)).toBe(2);
    expect(levelForPlayerSize(ladder, 600, 338)).toBe(1);
    expect(levelForPlayerSize(ladder, 390, 219)).toBe(0);
    // A phone at twice the pixels needs more.
    expect(levelForPlayerSize(ladder, 780, 438)).toBe(2);
  });

  it('takes the top rendition for a player larger than all, and -1 for none', () => {
    expect(levelForPlayerSize(ladder, 1920, 1080)).toBe(2);
    expect(levelForPlayerSize([], 100, 100)).toBe(-1);
  });
});

describe('chooseStartLevel', () => {
  it('starts a fast link at the size that fits the player', () => {
    expect(chooseStartLevel(ladder, { width: 780, height: 439 }, 50_000_000)).toBe(2);
    expect(chooseStartLevel(ladder, { width: 390, height: 219 }, 50_000_000)).toBe(0);
  });

  it('steps down while the link could not carry the rendition with headroom', () => {
    expect(chooseStartLevel(ladder, { width: 1280, height: 720 }, 2_000_000)).toBe(1);
    expect(chooseStartLevel(ladder, { width: 1280, height: 720 }, 600_000)).toBe(0);
    expect(chooseStartLevel(ladder, { width: 1280, height: 720 }, 10_000)).toBe(0);
  });

  it('assumes a modest link when nothing is known', () => {
    expect(chooseStartLevel(ladder, { width: 1280, height: 720 }, null)).toBe(0);
    expect(chooseStartLevel([], { width: 1280, height: 720 }, null)).toBe(-1);
  });
});

describe('the kept estimate', () => {
  function memory(): Storage {
    const values = new Map<string, string>();
    return {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => void values.set(key, value),
    } as Storage;
  }

  it('is read back as written, and ignored when unusable', () => {
    const storage = memory();
    expect(readBandwidthEstimate(storage)).toBeNull();
    writeBandwidthEstimate(storage, 12_345_678.4);
    expect(readBandwidthEstimate(storage)).toBe(12_345_678);
    writeBandwidthEstimate(storage, Number.NaN);
    expect(readBandwidthEstimate(storage)).toBe(12_345_678);
    storage.setItem('vidshare.player.bandwidth', 'junk');
    expect(readBandwidthEstimate(storage)).toBeNull();
    expect(readBandwidthEstimate(null)).toBeNull();
  });

  it('comes first; the browser’s downlink stands in for it on a first visit', () => {
    expect(startEstimate(3_000_000, 10)).toBe(3_000_000);
    expect(startEstimate(null, 10)).toBe(10_000_000);
    expect(startEstimate(null, 0)).toBeNull();
    expect(startEstimate(null, undefined)).toBeNull();
  });
});
