import { describe, expect, it } from 'vitest';
import {
  axisFontSize,
  axisTicks,
  tickCount,
  domainToY,
  labelIndexes,
  niceMax,
  signedDomain,
  slotCenter,
  valueToY,
} from './chart-scale';

const frame = { left: 40, top: 10, width: 100, height: 50 };

describe('niceMax', () => {
  it('rounds up to 1, 2 or 5 times a power of ten', () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(-3)).toBe(1);
    expect(niceMax(1)).toBe(1);
    expect(niceMax(3)).toBe(5);
    expect(niceMax(7)).toBe(10);
    expect(niceMax(12)).toBe(20);
    expect(niceMax(200)).toBe(200);
    expect(niceMax(501)).toBe(1000);
    expect(niceMax(0.3)).toBe(0.5);
  });
});

describe('axisTicks', () => {
  it('spreads gridlines from zero to the nice maximum', () => {
    expect(axisTicks(7)).toEqual([0, 2.5, 5, 7.5, 10]);
    expect(axisTicks(0.3)).toEqual([0, 0.125, 0.25, 0.375, 0.5]);
  });
  it('keeps counts on whole numbers', () => {
    expect(axisTicks(1, true)).toEqual([0, 1]);
    expect(axisTicks(2, true)).toEqual([0, 1, 2]);
    expect(axisTicks(4, true)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(axisTicks(7, true)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(axisTicks(15, true)).toEqual([0, 5, 10, 15, 20]);
    expect(axisTicks(2, true, [2])).toEqual([0, 1, 2]);
    expect(axisTicks(5, true, [2])).toEqual([0, 5]);
  });
});

describe('tickCount', () => {
  it('uses four intervals for continuous values', () => {
    expect(tickCount(5, false)).toBe(4);
    expect(tickCount(50, true)).toBe(5);
    expect(tickCount(100, true)).toBe(4);
  });
});

describe('slotCenter and valueToY', () => {
  it('centres bars in equal slots', () => {
    expect(slotCenter(0, 4, frame)).toBe(52.5);
    expect(slotCenter(3, 4, frame)).toBe(127.5);
  });
  it('maps 0 to the baseline and the maximum to the top', () => {
    expect(valueToY(0, 10, frame)).toBe(60);
    expect(valueToY(10, 10, frame)).toBe(10);
    expect(valueToY(5, 10, frame)).toBe(35);
    expect(valueToY(-1, 10, frame)).toBe(60);
  });
});

describe('signedDomain and domainToY', () => {
  it('covers negatives symmetrically and positives from zero', () => {
    expect(signedDomain([0, 3, 1])).toEqual({ min: 0, max: 5 });
    expect(signedDomain([0, -2, 1])).toEqual({ min: -2, max: 2 });
    expect(signedDomain([-3, -1])).toEqual({ min: -5, max: 0 });
    expect(signedDomain([0, 0])).toEqual({ min: 0, max: 1 });
  });
  it('places zero in the middle of a symmetric domain', () => {
    expect(domainToY(0, { min: -2, max: 2 }, frame)).toBe(35);
    expect(domainToY(2, { min: -2, max: 2 }, frame)).toBe(10);
    expect(domainToY(-2, { min: -2, max: 2 }, frame)).toBe(60);
  });
});

describe('labelIndexes', () => {
  it('keeps about six labels and always the last day', () => {
    expect(labelIndexes(7)).toEqual([0, 2, 4, 6]);
    expect(labelIndexes(28)).toEqual([2, 7, 12, 17, 22, 27]);
    expect(labelIndexes(3)).toEqual([0, 1, 2]);
    expect(labelIndexes(0)).toEqual([]);
    expect(labelIndexes(90).at(-1)).toBe(89);
  });
});

describe('axisFontSize', () => {
  it('keeps the design size while the chart is drawn at or below its viewBox width', () => {
    expect(axisFontSize(640, 640)).toBe(11);
    expect(axisFontSize(320, 640)).toBe(11);
  });
  it('never lets a scaled-up chart render its labels above the cap', () => {
    const size = axisFontSize(1280, 640);
    expect(size * (1280 / 640)).toBeCloseTo(12);
    expect(axisFontSize(1000, 640) * (1000 / 640)).toBeLessThanOrEqual(12);
  });
  it('falls back to the design size before the chart is measured', () => {
    expect(axisFontSize(0, 640)).toBe(11);
    expect(axisFontSize(Number.NaN, 640)).toBe(11);
  });
});
