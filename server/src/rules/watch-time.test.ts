import { describe, expect, it } from 'vitest';
import {
  MAX_SECONDS_PER_HEARTBEAT,
  creditedSeconds,
  finishedWithin,
  resumePosition,
} from './watch-time.js';

const T0 = 1_700_000_000_000;

describe('creditedSeconds', () => {
  it('only sets the baseline on the first heartbeat', () => {
    expect(creditedSeconds(undefined, { position: 12, at: T0 })).toBe(0);
  });

  it('credits the forward movement when it fits the elapsed time', () => {
    expect(creditedSeconds({ position: 10, at: T0 }, { position: 15, at: T0 + 5000 })).toBe(5);
    expect(creditedSeconds({ position: 10, at: T0 }, { position: 12.5, at: T0 + 5000 })).toBe(2.5);
  });

  it('caps at the elapsed time plus a slack of at most 1 s or 25 % of it', () => {
    // Jumped 60 s ahead in 5 s of wall-clock time: 5 + min(1, 1.25) = 6.
    expect(creditedSeconds({ position: 0, at: T0 }, { position: 60, at: T0 + 5000 })).toBe(6);
    // 2 s apart: slack is 0.5 s.
    expect(creditedSeconds({ position: 0, at: T0 }, { position: 10, at: T0 + 2000 })).toBe(2.5);
    // Rapid heartbeats earn almost nothing.
    expect(creditedSeconds({ position: 0, at: T0 }, { position: 5, at: T0 + 10 })).toBeCloseTo(
      0.0125,
    );
  });

  it('never credits more than the per-heartbeat maximum', () => {
    expect(creditedSeconds({ position: 0, at: T0 }, { position: 500, at: T0 + 3_600_000 })).toBe(
      MAX_SECONDS_PER_HEARTBEAT,
    );
  });

  it('credits nothing going backwards, standing still, or with a clock going back', () => {
    expect(creditedSeconds({ position: 50, at: T0 }, { position: 10, at: T0 + 5000 })).toBe(0);
    expect(creditedSeconds({ position: 50, at: T0 }, { position: 50, at: T0 + 5000 })).toBe(0);
    expect(creditedSeconds({ position: 50, at: T0 }, { position: 55, at: T0 - 5000 })).toBe(0);
    expect(creditedSeconds({ position: 50, at: T0 }, { position: 55, at: T0 })).toBe(0);
  });
});

describe('resumePosition', () => {
  it('answers 0 with no position', () => {
    expect(resumePosition(undefined, 100)).toBe(0);
    expect(resumePosition(0, 100)).toBe(0);
  });

  it('resumes where the viewer stopped', () => {
    expect(resumePosition(42.5, 600)).toBe(42.5);
  });

  it('restarts a finished video: the last 5 %, between 1 and 10 s', () => {
    expect(finishedWithin(600)).toBe(10);
    expect(finishedWithin(100)).toBe(5);
    expect(finishedWithin(10)).toBe(1);
    expect(resumePosition(589.9, 600)).toBe(589.9);
    expect(resumePosition(590, 600)).toBe(0);
    expect(resumePosition(94.9, 100)).toBe(94.9);
    expect(resumePosition(95, 100)).toBe(0);
    expect(resumePosition(8.9, 10)).toBe(8.9);
    expect(resumePosition(9, 10)).toBe(0);
    expect(resumePosition(11, 10)).toBe(0);
  });
});
