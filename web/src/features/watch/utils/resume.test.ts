import { describe, expect, it } from 'vitest';
import { reportablePosition, resumeTarget } from './resume';

describe('resumeTarget', () => {
  it('resumes only past the first five seconds', () => {
    expect(resumeTarget(0, 60)).toBeNull();
    expect(resumeTarget(5, 60)).toBeNull();
    expect(resumeTarget(5.5, 60)).toBe(5.5);
    expect(resumeTarget(42, 60)).toBe(42);
  });
  it('does not jump to or past the end', () => {
    expect(resumeTarget(60, 60)).toBeNull();
    expect(resumeTarget(42, Number.NaN)).toBe(42);
    expect(resumeTarget(Number.NaN, 60)).toBeNull();
  });
});

describe('reportablePosition', () => {
  it('clamps to the known length and rounds to milliseconds', () => {
    expect(reportablePosition(12.34567, 60)).toBe(12.346);
    expect(reportablePosition(61, 60)).toBe(60);
    expect(reportablePosition(-1, 60)).toBe(0);
    expect(reportablePosition(10, Number.NaN)).toBe(10);
    expect(reportablePosition(Number.NaN, 60)).toBe(0);
  });
});
