import { describe, expect, it } from 'vitest';
import { autoLabel, clampVolume, qualityOptions, speedLabel, stepSpeed } from './playback-options';

describe('stepSpeed', () => {
  it.each([
    [1, 1, 1.25],
    [1, -1, 0.75],
    [2, 1, 2],
    [0.25, -1, 0.25],
    [1.1, 1, 1.25],
    [1.1, -1, 1],
  ] as const)('from %s by %s is %s', (current, direction, expected) => {
    expect(stepSpeed(current, direction)).toBe(expected);
  });
});

describe('speedLabel', () => {
  it('names normal speed and shows the others as numbers', () => {
    expect(speedLabel(1)).toBe('Normal');
    expect(speedLabel(0.25)).toBe('0.25');
    expect(speedLabel(2)).toBe('2');
  });
});

describe('clampVolume', () => {
  it.each([
    [0.5, 0.5],
    [1.05, 1],
    [-0.05, 0],
    [0.30000000000000004, 0.3],
    [Number.NaN, 1],
  ])('%s is %s', (input, expected) => {
    expect(clampVolume(input)).toBe(expected);
  });
});

describe('qualityOptions', () => {
  it('lists renditions best first, keeping each one’s level index', () => {
    const options = qualityOptions([
      { height: 240, bitrate: 400_000 },
      { height: 720, bitrate: 2_800_000 },
      { height: 480, bitrate: 1_400_000 },
    ]);
    expect(options).toEqual([
      { level: 1, label: '720p' },
      { level: 2, label: '480p' },
      { level: 0, label: '240p' },
    ]);
  });

  it('tells two renditions of one height apart by bitrate', () => {
    expect(
      qualityOptions([
        { height: 360, bitrate: 600_000 },
        { height: 360, bitrate: 900_000 },
      ]).map((o) => o.label),
    ).toEqual(['360p (900 kbps)', '360p (600 kbps)']);
  });
});

describe('autoLabel', () => {
  it('shows the height automatic selection is playing', () => {
    expect(autoLabel(480)).toBe('Auto (480p)');
    expect(autoLabel(null)).toBe('Auto');
  });
});
