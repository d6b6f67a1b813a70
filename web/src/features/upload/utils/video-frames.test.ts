import { describe, expect, it } from 'vitest';
import { frameSize, frameTimes } from './video-frames';

describe('frameTimes', () => {
  it('spreads the frames evenly inside the video', () => {
    expect(frameTimes(20)).toEqual([5, 10, 15]);
    expect(frameTimes(8, 1)).toEqual([4]);
  });

  it('takes none from a video without a usable length', () => {
    expect(frameTimes(0)).toEqual([]);
    expect(frameTimes(Number.NaN)).toEqual([]);
    expect(frameTimes(Number.POSITIVE_INFINITY)).toEqual([]);
  });
});

describe('frameSize', () => {
  it('keeps the video’s size up to the width cap, and its shape', () => {
    expect(frameSize(854, 480)).toEqual({ width: 854, height: 480 });
    expect(frameSize(3840, 2160)).toEqual({ width: 1280, height: 720 });
    expect(frameSize(0, 480)).toEqual({ width: 0, height: 0 });
  });
});
